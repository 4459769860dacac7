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

// Replace the children of `container`, keeping the keyboard focus on the element with the
// same data-focus key (re-rendering after every update must not throw a keyboard user out).
export function replaceContent(container, ...children) {
  const focused = document.activeElement;
  const key = focused && container.contains(focused) ? focused.dataset.focus : undefined;
  container.replaceChildren(...children.flat(Infinity).filter((child) => child));
  if (key) {
    const again = container.querySelector(`[data-focus="${CSS.escape(key)}"]`);
    if (again) again.focus();
  }
}

export function showProblem(error) {
  const box = document.getElementById("problem");
  const lines = [error.detail || error.message || String(error)];
  if (error.errors) {
    for (const [field, reasons] of Object.entries(error.errors)) lines.push(`${field}: ${reasons.join(" ")}`);
  }
  box.replaceChildren(
    h("p", { class: "problem-text" }, lines.join(" ")),
    h("button", { type: "button", class: "close", "aria-label": "Dismiss", onclick: clearProblem }, "×"),
  );
  box.dataset.code = error.code || "";
  box.hidden = false;
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
