// Signing in: a new name creates an account (POST /v1/accounts) whose token the browser keeps;
// a token from elsewhere (the SDK, a bot's account) can be used instead.

import { api, saveSession } from "./api.js";
import { clearProblem, h, showProblem } from "./dom.js";

export function mountSignIn(container, done) {
  const name = h("input", { id: "signin-name", name: "name", autocomplete: "nickname", required: true, maxlength: 64, pattern: "[A-Za-z0-9_.\\-]{1,64}" });
  const token = h("input", { id: "signin-token", name: "token", autocomplete: "off", spellcheck: "false" });

  const create = h(
    "form",
    { class: "signin", "aria-labelledby": "signin-title" },
    h("h1", { id: "signin-title" }, "Play Hanabi"),
    h("p", {}, "Choose a name to play with friends and bots. Your browser keeps the key to your account."),
    h("label", {}, h("span", {}, "Your name"), name),
    h("button", { type: "submit", class: "primary" }, "Sign in"),
  );
  create.addEventListener("submit", async (event) => {
    event.preventDefault();
    clearProblem();
    try {
      // The page's token may read, play and create games: nothing else (no webhooks, no more tokens).
      const account = await api("POST", "/accounts", { body: { name: name.value, kind: "human", scopes: ["read", "play", "games:write"] } });
      saveSession(account.name, account.token);
      done();
    } catch (error) {
      showProblem(error);
    }
  });

  const existing = h(
    "form",
    { class: "signin-token", "aria-labelledby": "token-title" },
    h("h2", { id: "token-title" }, "Already have an account?"),
    h("p", {}, "Paste one of its tokens (hnb_…), e.g. to watch your bot's games."),
    h("label", {}, h("span", {}, "Token"), token),
    h("button", { type: "submit" }, "Use this token"),
  );
  existing.addEventListener("submit", async (event) => {
    event.preventDefault();
    clearProblem();
    try {
      const response = await fetch("/v1/accounts/me", { headers: { Authorization: `Bearer ${token.value.trim()}` } });
      const body = await response.json();
      if (!response.ok) throw body;
      saveSession(body.name, token.value.trim());
      done();
    } catch (error) {
      showProblem(error);
    }
  });

  container.replaceChildren(h("div", { class: "welcome" }, create, existing));
  name.focus();
  return () => {};
}
