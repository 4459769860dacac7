// Building elements without innerHTML (every text from the server goes in as text), and the
// one place where problems are shown to the person.

export function h(tag, attributes = {}, ...children) {
  const element = document.createElement(tag);
  for (const [name, value] of Object.entries(attributes)) {
    if (value === null || value === undefined || value === false) continue;
    if (name.startsWith("on")) element.addEventListener(name.slice(2).toLowerCase(), value);
    else if (name === "dataset") Object.assign(element.dataset, value);
    else if (name === "class") element.className = value;
    else if (value === true) element.setAttribute(name, "");
    else element.setAttribute(name, String(value));
  }
  for (const child of children.flat(Infinity)) {
    if (child === null || child === undefined || child === false) continue;
    element.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
  return element;
}

// Replace the children of `container`, keeping the keyboard focus where it was: on the same
// element when the new content keeps it (the chat box), else on the element with the same
// data-focus key (re-rendering after every update must not throw a keyboard user out), with a
// text field's caret and selection where they were. With a function as its one child, the new
// content is built after the focus is noted: building it moves a kept element out of the page,
// which takes the focus away from it at once.
export function replaceContent(container, ...children) {
  const focus = noteFocus(container);
  const content = children.length === 1 && typeof children[0] === "function" ? children[0]() : children;
  container.replaceChildren(...[content].flat(Infinity).filter((child) => child));
  restoreFocus(container, focus);
}

function noteFocus(container) {
  const element = document.activeElement;
  if (!element || element === document.body || !container.contains(element)) return null;
  const selection = typeof element.selectionStart === "number" ? [element.selectionStart, element.selectionEnd, element.selectionDirection] : null;
  return { element, key: element.dataset.focus, selection };
}

function restoreFocus(container, focus) {
  if (!focus) return;
  const { element, key, selection } = focus;
  const again = container.contains(element) ? element : key ? container.querySelector(`[data-focus="${CSS.escape(key)}"]`) : null;
  if (!again) return;
  if (document.activeElement !== again) again.focus({ preventScroll: true });
  if (selection && typeof again.selectionStart === "number") {
    const [start, end, direction] = selection;
    const length = again.value.length;
    again.setSelectionRange(Math.min(start, length), Math.min(end, length), direction);
  }
}

// The page-wide problem box (kept in sight at the top of the screen): the server's sentence, or
// when it names the fields at fault, each field's reasons once, in words.
export function showProblem(error) {
  const box = document.getElementById("problem");
  box.classList.remove("notice");
  box.replaceChildren(
    h("p", { class: "problem-text" }, problemSentence(error)),
    h("button", { type: "button", class: "close", "aria-label": "Dismiss", onclick: clearProblem }, "×"),
  );
  box.dataset.code = error.code || "";
  box.hidden = false;
}

// Good news in the same box ("your email is verified").
export function showNotice(text) {
  showProblem({ detail: text, code: "notice" });
  document.getElementById("problem").classList.add("notice");
}

export function problemSentence(error) {
  const fields = error.errors ? Object.entries(error.errors) : [];
  if (!fields.length) return error.detail || error.message || String(error);
  return fields.map(([path, reasons]) => `${fieldWords(path)}: ${reasonWords(reasons)}`).join(" ");
}

// An API field path in words, seats counted from 1 as everywhere on the page:
// "options.clue_tokens" is "clue tokens", "seats.1.account" "seat 2's name".
const FIELD_WORDS = {
  "options.max_strikes": "strikes allowed",
  "options.starting_seat": "first to play",
  "time_control.seconds": "seconds per turn",
  "time_control.days": "days per turn",
  "time_control.base_seconds": "clock base",
  "time_control.increment_seconds": "added per move",
  "time_control.on_timeout": "when time runs out",
  "time_control.kind": "time control",
};

export function fieldWords(path) {
  if (FIELD_WORDS[path]) return FIELD_WORDS[path];
  const seat = path.match(/^seats\.(\d+)(?:\.(\w+))?$/);
  if (seat) return seat[2] === "account" ? `seat ${Number(seat[1]) + 1}'s name` : `seat ${Number(seat[1]) + 1}`;
  return path.split(".").pop().replaceAll("_", " ");
}

// marshmallow's reasons, said for a person: "Must be greater than or equal to 1 and less than or
// equal to 32." is "Must be from 1 to 32."
export function reasonWords(reasons) {
  return [...new Set(reasons)]
    .map((reason) =>
      reason
        .replace(/^Must be greater than or equal to (\S+) and less than or equal to (\S+)\.$/, "Must be from $1 to $2.")
        .replace(/^Must be greater than or equal to (\S+)\.$/, "Must be at least $1.")
        .replace(/^Must be less than or equal to (\S+)\.$/, "Must be at most $1.")
        .replace(/^Missing data for required field\.$/, "Needed.")
        .replace(/^Not a valid integer\.$/, "Must be a whole number.")
        .replace(/^Length must be between (\S+) and (\S+)\.$/, "Must be $1 to $2."),
    )
    .join(" ");
}

// A form's problems beside what caused them: each field the server names gets its reasons
// under it (`fieldFor(path)` finds the field, or null), the rest goes in the form's own box by
// its submit button; the first field at fault is scrolled into sight and focused (a phone shows
// it, not the top of the page).
export function showFormProblem(form, error, fieldFor = () => null) {
  clearFormProblem(form);
  const fields = error.errors ? Object.entries(error.errors) : [];
  const elsewhere = [];
  let first = null;
  for (const [path, reasons] of fields) {
    const field = fieldFor(path);
    if (!field) {
      elsewhere.push(`${fieldWords(path)}: ${reasonWords(reasons)}`);
      continue;
    }
    markField(field, reasonWords(reasons));
    first ??= field;
  }
  const box = form.querySelector(".form-problem");
  const text = fields.length ? elsewhere.join(" ") : error.detail || error.message || String(error);
  if (text) {
    box.textContent = text;
    box.hidden = false;
    box.dataset.code = error.code || "";
  }
  const target = first || box;
  target.scrollIntoView({ block: "center" });
  if (first) first.focus({ preventScroll: true });
}

// One field's problem, said under it.
export function markField(field, text) {
  field.setAttribute("aria-invalid", "true");
  const id = `${field.id || field.name}-problem`;
  field.dataset.describedBy ??= field.getAttribute("aria-describedby") || "";
  field.setAttribute("aria-describedby", `${field.dataset.describedBy} ${id}`.trim());
  const note = h("p", { class: "field-problem", id, role: "alert" }, text);
  (field.closest("label") || field).after(note);
}

export function clearFormProblem(form) {
  for (const note of form.querySelectorAll(".field-problem")) note.remove();
  for (const field of form.querySelectorAll("[aria-invalid]")) {
    field.removeAttribute("aria-invalid");
    if (field.dataset.describedBy) field.setAttribute("aria-describedby", field.dataset.describedBy);
    else field.removeAttribute("aria-describedby");
  }
  const box = form.querySelector(".form-problem");
  if (box) {
    box.hidden = true;
    box.textContent = "";
  }
}

// The box a form's own problems go in, beside its submit button.
export function formProblemBox() {
  return h("p", { class: "form-problem", role: "alert", hidden: true });
}

export function clearProblem() {
  const box = document.getElementById("problem");
  box.hidden = true;
  box.replaceChildren();
  delete box.dataset.code;
}

export function formatDuration(seconds) {
  const total = Math.max(0, Math.floor(seconds));
  const days = Math.floor(total / 86400);
  const hours = Math.floor((total % 86400) / 3600);
  const minutes = Math.floor((total % 3600) / 60);
  const secs = total % 60;
  if (days > 0) return `${days} d ${hours} h`;
  if (hours > 0) return `${hours} h ${String(minutes).padStart(2, "0")} min`;
  return `${minutes}:${String(secs).padStart(2, "0")}`;
}
