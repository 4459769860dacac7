// Your account (#/account): a password (to sign in on any device), an email for notifications
// and recovery, which emails to get, a vacation that pauses your correspondence clocks, and
// signing out everywhere. Everything is the server's: GET and PATCH /v1/accounts/me,
// POST and DELETE /v1/me/vacation, DELETE /v1/tokens.

import { api, forgetSession } from "./api.js";
import { clearFormProblem, formProblemBox, h, showFormProblem, showProblem } from "./dom.js";
import { askButton } from "./notice.js";

const WHEN = { immediately: "at once", daily: "in a daily digest", off: "never" };
const NOTIFICATIONS = [
  ["your_turn", "when a game waits for your move"],
  ["game_over", "when a game you are in ends"],
  ["deadline_reminder", "a reminder before your time runs out"],
];

export function mountAccount(container, signedOut) {
  const controller = new AbortController();
  const { signal } = controller;

  let vacation = null;

  async function load() {
    const [me, away] = await Promise.all([
      api("GET", "/accounts/me", { signal }),
      api("GET", "/me/vacation", { signal }).catch((error) => {
        if (error.name === "AbortError") throw error;
        return null;
      }),
    ]);
    vacation = away;
    draw(me);
  }

  function draw(me) {
    container.replaceChildren(
      h(
        "section",
        { class: "account", "aria-labelledby": "account-title" },
        h("h1", { id: "account-title" }, `Your account: ${me.name}`),
        passwordForm(me),
        emailForm(me),
        notificationsForm(me),
        vacation ? vacationForm() : null,
        h(
          "section",
          { class: "account-part", "aria-labelledby": "browser-title" },
          h("h2", { id: "browser-title" }, "In this browser"),
          h("p", {}, "The tab's title counts the games waiting for your move. ", askButton()),
          h(
            "p",
            {},
            h("button", { type: "button", onclick: signOutEverywhere }, "Sign out everywhere"),
            " ",
            h("span", { class: "hint" }, "Every device and browser signed in as you is signed out (your password signs in again)."),
          ),
        ),
      ),
    );
  }

  // PATCH /v1/accounts/me with `body`; the form's problems are said beside its fields.
  async function change(form, body, fieldFor, done) {
    clearFormProblem(form);
    try {
      const me = await api("PATCH", "/accounts/me", { body, signal });
      draw(me);
      const again = container.querySelector(`form.${form.classList[0]} .form-done`);
      if (again && done) again.textContent = done;
    } catch (error) {
      if (error.name !== "AbortError") showFormProblem(form, error, fieldFor);
    }
  }

  function passwordForm(me) {
    const current = h("input", { type: "password", id: "account-current-password", autocomplete: "current-password" });
    const password = h("input", { type: "password", id: "account-password", autocomplete: "new-password", minlength: 8 });
    const form = h(
      "form",
      { class: "password-form account-part", "aria-labelledby": "password-title", novalidate: true },
      h("h2", { id: "password-title" }, me.has_password ? "Change your password" : "Set a password"),
      h(
        "p",
        { class: "hint" },
        me.has_password
          ? "Sign in with your name and this password on any device."
          : "Without a password this browser alone keeps your account: set one to sign in on another device, and to sign out without losing it.",
      ),
      me.has_password ? h("label", {}, h("span", {}, "Current password"), current) : null,
      h("label", {}, h("span", {}, me.has_password ? "New password" : "Password"), password),
      h("p", { class: "hint" }, "8 characters or more."),
      formProblemBox(),
      h("p", { class: "form-done", role: "status" }),
      h("button", { type: "submit", class: "primary" }, me.has_password ? "Change the password" : "Set the password"),
    );
    form.addEventListener("submit", (event) => {
      event.preventDefault();
      const body = { password: password.value };
      if (me.has_password) body.current_password = current.value;
      change(form, body, (path) => (path === "current_password" ? current : password), "The password is set.");
    });
    return form;
  }

  function emailForm(me) {
    const email = h("input", { type: "email", id: "account-email", autocomplete: "email", value: me.email || "" });
    const status = me.email
      ? me.email_verified
        ? `${me.email} is verified: notifications and password resets go there.`
        : `A link to verify ${me.email} was sent there; nothing else is sent before it is followed.`
      : "No email: nothing is mailed to you, and a forgotten password cannot be reset.";
    const form = h(
      "form",
      { class: "email-form account-part", "aria-labelledby": "email-title", novalidate: true },
      h("h2", { id: "email-title" }, "Email"),
      h("p", { class: "hint email-status" }, status),
      h("label", {}, h("span", {}, "Email address (empty: none)"), email),
      formProblemBox(),
      h("button", { type: "submit" }, "Save the address"),
    );
    form.addEventListener("submit", (event) => {
      event.preventDefault();
      change(form, { email: email.value.trim() || null }, () => email);
    });
    return form;
  }

  function notificationsForm(me) {
    const choices = me.notifications || {};
    const selects = NOTIFICATIONS.map(([key]) =>
      h(
        "select",
        { name: key, id: `account-${key}` },
        (key === "deadline_reminder" ? ["immediately", "off"] : ["immediately", "daily", "off"]).map((value) =>
          h("option", { value, selected: choices[key] === value }, WHEN[value]),
        ),
      ),
    );
    const form = h(
      "form",
      { class: "notifications-form account-part", "aria-labelledby": "notifications-title" },
      h("h2", { id: "notifications-title" }, "Emails"),
      me.email_verified ? null : h("p", { class: "hint" }, "Emails go to a verified address only."),
      NOTIFICATIONS.map(([, words], index) => h("label", {}, h("span", {}, `Email me ${words}`), selects[index])),
      formProblemBox(),
      h("button", { type: "submit" }, "Save the email choices"),
    );
    form.addEventListener("submit", (event) => {
      event.preventDefault();
      const notifications = Object.fromEntries(selects.map((select) => [select.name, select.value]));
      change(form, { notifications }, (path) => selects.find((select) => path.endsWith(select.name)) || null);
    });
    return form;
  }

  function vacationForm() {
    const days = h("input", { type: "number", id: "vacation-days", min: 1, step: 1, value: 7, inputmode: "numeric" });
    const form = h("form", { class: "vacation-form account-part", "aria-labelledby": "vacation-title", novalidate: true });
    const left = vacation.days_left_this_year !== undefined ? ` ${vacation.days_left_this_year} days of vacation are left this year.` : "";
    if (vacation.active) {
      const until = vacation.ends_at ? ` until ${new Date(vacation.ends_at).toLocaleString()}` : "";
      form.append(
        h("h2", { id: "vacation-title" }, "Vacation"),
        h("p", { class: "vacation-status" }, `On vacation${until}: the clocks of your correspondence games are paused.${left}`),
        formProblemBox(),
        h("button", { type: "submit" }, "End the vacation now"),
      );
    } else {
      form.append(
        h("h2", { id: "vacation-title" }, "Vacation"),
        h("p", { class: "vacation-status hint" }, `A vacation pauses the clocks of all your correspondence games.${left}`),
        h("label", {}, h("span", {}, "Days of vacation"), days),
        formProblemBox(),
        h("button", { type: "submit" }, "Start the vacation"),
      );
    }
    form.addEventListener("submit", async (event) => {
      event.preventDefault();
      clearFormProblem(form);
      try {
        if (vacation.active) await api("DELETE", "/me/vacation", { signal });
        else await api("POST", "/me/vacation", { body: { days: Number(days.value) }, signal });
        await load();
      } catch (error) {
        if (error.name !== "AbortError") showFormProblem(form, error, () => (vacation.active ? null : days));
      }
    });
    return form;
  }

  async function signOutEverywhere() {
    if (!window.confirm("Sign out on every device and browser, this one too?")) return;
    try {
      await api("DELETE", "/tokens", { signal });
      forgetSession();
      history.replaceState(null, "", "/#/");
      signedOut();
    } catch (error) {
      if (error.name !== "AbortError") showProblem(error);
    }
  }

  load().catch((error) => error.name !== "AbortError" && showProblem(error));
  return () => controller.abort();
}
