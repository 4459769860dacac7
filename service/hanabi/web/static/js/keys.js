// Keyboard play at the table: p or d then a card's place plays or discards it, c goes to the
// clue buttons, ? shows the list. Keys typed in a field (chat, notes) are left alone.

import { h } from "./dom.js";

export const SHORTCUTS = [
  ["p then 1–6", "play your card at that place (1 is the leftmost)"],
  ["d then 1–6", "discard your card at that place"],
  ["c", "go to the clue buttons of the next player (Tab moves on, Enter gives the clue)"],
  ["Escape", "forget a p or d pressed by mistake; close a list"],
  ["?", "show or hide this list"],
];

// `context()` is { view, moves, toggleHelp } while the person can act at the table, else null.
export function keyboardPlay(context) {
  let pending = null;

  function onKey(event) {
    if (event.altKey || event.ctrlKey || event.metaKey) return;
    if (event.target instanceof Element && event.target.closest("input, textarea, select")) return;
    const table = context();
    if (!table) return;
    const { key } = event;
    if (key === "?") {
      table.toggleHelp();
    } else if (key === "p" || key === "d") {
      pending = key;
    } else if (pending && /^[1-9]$/.test(key)) {
      const card = table.view.hands[table.view.seat][Number(key) - 1];
      const verb = pending;
      pending = null;
      if (!card) return;
      if (verb === "p") table.moves.play(card.id);
      else table.moves.discard(card.id);
    } else if (key === "c") {
      document.querySelector(".clue-bar button:not([disabled])")?.focus();
    } else if (key === "Escape" && pending) {
      pending = null;
    } else {
      return;
    }
    event.preventDefault();
  }

  document.addEventListener("keydown", onKey);
  return { stop: () => document.removeEventListener("keydown", onKey) };
}

export function keyboardHelp(close) {
  return h(
    "section",
    { class: "key-help", "aria-labelledby": "key-help-title" },
    h("h2", { id: "key-help-title" }, "Keyboard shortcuts"),
    h("dl", {}, SHORTCUTS.map(([keys, what]) => [h("dt", {}, h("kbd", {}, keys)), h("dd", {}, what)])),
    h("button", { type: "button", dataset: { focus: "help-close" }, onclick: close }, "Close"),
  );
}
