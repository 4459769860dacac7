// Signing in: a new name creates an account (POST /v1/accounts) whose token the browser keeps;
// a token from elsewhere (the SDK, a bot's account) can be used instead.

import { api, saveSession } from "./api.js";
import { clearFormProblem, clearProblem, formProblemBox, h, markField, showFormProblem } from "./dom.js";

// The server's rule for a name, said before anyone breaks it (the browser's own "Please match
// the requested format" says no rule): openapi.yaml's pattern of AccountRequest.name, as it is
// spelled there, with its maxLength as the field's maxlength (tests/api/test_accounts.py checks both).
export const NAME_RULE = "1 to 64 letters (A to Z, without accents), digits, '_', '.' or '-', not only dots.";
const NAME_PATTERN = /^[A-Za-z0-9_.\-]{0,63}[A-Za-z0-9_\-][A-Za-z0-9_.\-]{0,63}$/;
const PAGE_SCOPES = ["read", "play", "games:write", "tokens"];

export function mountSignIn(container, done) {
  const name = h("input", {
    id: "signin-name",
    name: "name",
    autocomplete: "nickname",
    maxlength: 64,
    "aria-describedby": "signin-name-rule",
  });
  const newPassword = h("input", { type: "password", id: "signin-new-password", autocomplete: "new-password", "aria-describedby": "signin-new-password-hint" });
  const create = h(
    "form",
    { class: "signin", "aria-labelledby": "signin-title", novalidate: true },
    h("h1", { id: "signin-title" }, "Play Hanabi"),
    h("p", {}, "Choose a name to play with friends and bots."),
    h("label", {}, h("span", {}, "Your name"), name),
    h("p", { class: "hint", id: "signin-name-rule" }, `A name is ${NAME_RULE}`),
    h("label", {}, h("span", {}, "A password (optional)"), newPassword),
    h(
      "p",
      { class: "hint", id: "signin-new-password-hint" },
      "With a password (8 characters or more) you sign in on any device and can sign out without losing the account; without one, this browser alone keeps it (a password can be set later).",
    ),
    formProblemBox(),
    h("button", { type: "submit", class: "primary" }, "Start playing"),
  );
  create.addEventListener("submit", async (event) => {
    event.preventDefault();
    clearProblem();
    clearFormProblem(create);
    if (!NAME_PATTERN.test(name.value)) {
      markField(name, name.value ? `This name does not fit: a name is ${NAME_RULE}` : `Choose a name: ${NAME_RULE}`);
      name.focus();
      return;
    }
    // The page's token may read, play, create games and manage the account's own tokens and
    // settings (a password, signing out everywhere); nothing else (no webhooks, no apps).
    const body = { name: name.value, kind: "human", scopes: PAGE_SCOPES };
    if (newPassword.value) body.password = newPassword.value;
    try {
      const account = await api("POST", "/accounts", { body });
      saveSession(account.name, account.token);
      done();
    } catch (error) {
      if (error.code === "account_name_taken") {
        markField(name, error.detail);
        name.focus();
      } else {
        showFormProblem(create, error, (path) => (path === "name" ? name : path === "password" || error.code?.startsWith("password") ? newPassword : null));
      }
    }
  });

  const account = h("input", { id: "login-name", name: "username", autocomplete: "username", maxlength: 64 });
  const password = h("input", { type: "password", id: "login-password", name: "password", autocomplete: "current-password" });
  const login = h(
    "form",
    { class: "login", "aria-labelledby": "login-title", novalidate: true },
    h("h2", { id: "login-title" }, "Sign in"),
    h("p", {}, "With the name and password of your account, on any device."),
    h("label", {}, h("span", {}, "Name"), account),
    h("label", {}, h("span", {}, "Password"), password),
    formProblemBox(),
    h("button", { type: "submit", class: "primary" }, "Sign in"),
  );
  login.addEventListener("submit", async (event) => {
    event.preventDefault();
    clearProblem();
    clearFormProblem(login);
    try {
      const answer = await api("POST", "/sessions", { body: { name: account.value.trim(), password: password.value } });
      saveSession(answer.account, answer.token);
      done();
    } catch (error) {
      const wait = error.code === "too_many_sign_in_attempts" && error.retryAfter ? ` Try again in ${error.retryAfter} s.` : "";
      showFormProblem(login, { ...error, detail: error.detail + wait, errors: error.errors }, (path) => (path === "name" ? account : password));
    }
  });

  const email = h("input", { type: "email", id: "reset-email", autocomplete: "email" });
  const forgot = h(
    "form",
    { class: "forgot", novalidate: true },
    h("p", {}, "With a verified email, a link to choose a new password is mailed to it."),
    h("label", {}, h("span", {}, "Your account's email"), email),
    formProblemBox(),
    h("p", { class: "form-done", role: "status" }),
    h("button", { type: "submit" }, "Mail me a link"),
  );
  forgot.addEventListener("submit", async (event) => {
    event.preventDefault();
    clearFormProblem(forgot);
    try {
      await api("POST", "/password-resets", { body: { email: email.value.trim() } });
      forgot.querySelector(".form-done").textContent = "If an account has this verified email, a link is on its way to it.";
    } catch (error) {
      showFormProblem(forgot, error, () => email);
    }
  });

  const token = h("input", { id: "signin-token", name: "token", autocomplete: "off", spellcheck: "false" });
  const existing = h(
    "form",
    { class: "signin-token", "aria-labelledby": "token-title" },
    h("h2", { id: "token-title" }, "Use a token"),
    h("p", {}, "Paste one of an account's tokens (hnb_…), e.g. to watch your bot's games."),
    h("label", {}, h("span", {}, "Token"), token),
    formProblemBox(),
    h("button", { type: "submit" }, "Use this token"),
  );
  existing.addEventListener("submit", async (event) => {
    event.preventDefault();
    clearProblem();
    clearFormProblem(existing);
    try {
      const response = await fetch("/v1/accounts/me", { headers: { Authorization: `Bearer ${token.value.trim()}` } });
      const body = await response.json();
      if (!response.ok) throw body;
      saveSession(body.name, token.value.trim());
      done();
    } catch (error) {
      showFormProblem(existing, error);
    }
  });

  container.replaceChildren(
    h(
      "div",
      { class: "welcome" },
      create,
      h("div", { class: "login-box" }, login, h("details", { class: "forgot-box" }, h("summary", {}, "Forgot your password?"), forgot)),
      existing,
    ),
  );
  name.focus();
  return () => {};
}
