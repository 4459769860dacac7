// The page's router: #/ the lobby, #/game/ID a game, #/replay/ID/TURN a replay.

import { forgetSession, session } from "./api.js";
import { clearProblem, h, showProblem } from "./dom.js";
import { mountGame } from "./game.js";
import { mountLobby } from "./lobby.js";
import { mountReplay } from "./replay.js";
import { mountSignIn } from "./signin.js";

const screen = document.getElementById("screen");
let unmount = () => {};

function route() {
  unmount();
  clearProblem();
  drawAccount();
  const me = session();
  if (!me) {
    unmount = mountSignIn(screen, route);
    return;
  }
  const path = location.hash.replace(/^#/, "") || "/";
  let match;
  if ((match = path.match(/^\/game\/(\d+)$/))) unmount = mountGame(screen, Number(match[1]));
  else if ((match = path.match(/^\/replay\/(\d+)(?:\/(\d+))?$/))) unmount = mountReplay(screen, Number(match[1]), Number(match[2] || 0));
  else unmount = mountLobby(screen);
  screen.focus({ preventScroll: true });
}

function drawAccount() {
  const nav = document.getElementById("account");
  const me = session();
  if (!me) {
    nav.replaceChildren();
    return;
  }
  nav.replaceChildren(
    h("a", { href: "#/" }, "Lobby"),
    h("span", { class: "me" }, me.name),
    h("details", { class: "show-token" }, h("summary", {}, "Token"), h("code", {}, me.token)),
    h("button", { type: "button", onclick: signOut }, "Sign out"),
  );
}

// Signing out forgets the token in this browser; it stays valid (an account made here has no
// other token), so the same account can come back with "Use this token".
function signOut() {
  forgetSession();
  location.hash = "#/";
  route();
}

window.addEventListener("hashchange", route);
window.addEventListener("hanabi:unauthorized", () => {
  forgetSession();
  route();
  showProblem({ detail: "Your token is no longer valid; sign in again." });
});
route();
