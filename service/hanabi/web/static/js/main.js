// The page's router: #/ the lobby, #/game/ID a game, #/replay/ID/TURN a replay, #/account your
// account; and the links of the emails (?verify_email=, ?reset_password=, ?unsubscribe=).

import { mountAccount } from "./account.js";
import { api, forgetSession, saveSession, session } from "./api.js";
import { clearFormProblem, clearProblem, formProblemBox, h, showFormProblem, showNotice, showProblem } from "./dom.js";
import { mountGame } from "./game.js";
import { mountLobby } from "./lobby.js";
import { mountReplay } from "./replay.js";
import { askButton, followTurns, stopFollowingTurns } from "./notice.js";
import { mountSignIn } from "./signin.js";

const screen = document.getElementById("screen");
let unmount = () => {};
let following = null; // the token whose games the tab's title counts

function route() {
  unmount();
  clearProblem();
  drawAccount();
  const me = session();
  if (!me) {
    stopFollowingTurns();
    following = null;
    unmount = mountSignIn(screen, route);
    return;
  }
  if (following !== me.token) {
    following = me.token;
    followTurns();
  }
  const path = location.hash.replace(/^#/, "") || "/";
  let match;
  if ((match = path.match(/^\/game\/(\d+)$/))) unmount = mountGame(screen, Number(match[1]));
  else if ((match = path.match(/^\/replay\/(\d+)(?:\/(\d+))?$/))) unmount = mountReplay(screen, Number(match[1]), Number(match[2] || 0));
  else if (path === "/account") unmount = mountAccount(screen, route);
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
    h("a", { class: "me", href: "#/account", title: "Your account: password, email, notifications, vacation" }, me.name),
    askButton(),
    h("details", { class: "show-token" }, h("summary", {}, "Token"), h("code", {}, me.token)),
    h("button", { type: "button", onclick: signOut }, "Sign out"),
  );
}

// Signing out: with a password, this browser's token is revoked (the password signs in again);
// without one, the token stays valid, since it alone brings the account back ("Use a token"),
// and the page says so first.
async function signOut() {
  let me = null;
  try {
    me = await api("GET", "/accounts/me");
  } catch {
    me = null;
  }
  if (me && me.has_password === false) {
    const question =
      "This account has no password: once signed out, only its token (under Token) brings it back. Set a password under your name first? Cancel stays signed in; OK signs out anyway.";
    if (!window.confirm(question)) return;
  } else if (me?.has_password) {
    await api("DELETE", "/tokens/current").catch(() => {});
  }
  forgetSession();
  location.hash = "#/";
  route();
}

// The links of the emails: verify an address, choose a new password, stop the emails.
async function followEmailLink() {
  const query = new URLSearchParams(location.search);
  const [kind, token] = ["verify_email", "reset_password", "unsubscribe"].map((key) => [key, query.get(key)]).find(([, value]) => value) || [];
  if (!kind) return false;
  history.replaceState(null, "", "/" + location.hash);
  if (kind === "reset_password") {
    resetPassword(token);
    return true;
  }
  try {
    if (kind === "verify_email") {
      const answer = await api("POST", "/email-verifications", { body: { token } });
      route();
      showNotice(`${answer.email} is verified: your notifications go there.`);
    } else {
      const answer = await api("POST", `/unsubscribe/${encodeURIComponent(token)}`);
      route();
      showNotice(`No more emails for ${answer.account}: every email notification is off (your account page turns them on again).`);
    }
  } catch (error) {
    route();
    showProblem(error);
  }
  return true;
}

function resetPassword(token) {
  const password = h("input", { type: "password", id: "reset-password", autocomplete: "new-password" });
  const form = h(
    "form",
    { class: "reset", "aria-labelledby": "reset-title", novalidate: true },
    h("h1", { id: "reset-title" }, "Choose a new password"),
    h("p", { class: "hint" }, "8 characters or more. Every device signed in as you is signed out."),
    h("label", {}, h("span", {}, "New password"), password),
    formProblemBox(),
    h("button", { type: "submit", class: "primary" }, "Save it and sign in"),
  );
  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    clearFormProblem(form);
    try {
      const answer = await api("POST", "/password-resets/redeem", { body: { token, password: password.value } });
      saveSession(answer.account, answer.token);
      location.hash = "#/";
      route();
    } catch (error) {
      showFormProblem(form, error, () => password);
    }
  });
  drawAccount();
  screen.replaceChildren(h("div", { class: "welcome" }, form));
  password.focus();
}

window.addEventListener("hashchange", route);
window.addEventListener("hanabi:unauthorized", () => {
  forgetSession();
  route();
  showProblem({ detail: "Your token is no longer valid; sign in again." });
});
followEmailLink().then((followed) => followed || route());
