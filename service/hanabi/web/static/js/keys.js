// Keyboard play at the table: p or d then a card's place plays or discards it; c, then the
// teammate's place in turn order (skipped with one teammate), then a color's key or a rank gives
// a clue; ? shows the list. Keys typed in a field (chat, notes) are left alone.

import { h } from "./dom.js";
import { clueName } from "./words.js";

const SHORTCUTS = [
  ["p then 1–6", "play your card at that place (1 is the leftmost)"],
  ["d then 1–6", "discard your card at that place"],
  ["Escape", "forget a p, d or c pressed by mistake; close a list"],
  ["?", "show or hide this list"],
];

// One letter per clue color of the variant: its first letter, or the next letter of its name
// that no earlier color took.
export function colorKeys(colors) {
  const taken = new Set();
  return colors.map((color) => {
    const key = [...color.toLowerCase()].find((letter) => /[a-z]/.test(letter) && !taken.has(letter)) ?? null;
    if (key) taken.add(key);
    return key;
  });
}

// The teammates in turn order from the view's seat: the first is the next player.
export function teammates(view) {
  const count = view.hands.length;
  return Array.from({ length: count - 1 }, (_, index) => (view.seat + 1 + index) % count);
}

// `context()` is { view, moves, names, toggleHelp } while the person can act at the table, else null.
export function keyboardPlay(context) {
  let pending = null;
  // null, { verb: "p" | "d" }, or { verb: "c", target: seat | null }

  function clueKey(table, key) {
    const { view } = table;
    if (pending.target === null) {
      const target = teammates(view)[Number(key) - 1];
      if (/^[1-9]$/.test(key) && target !== undefined) {
        pending.target = target;
        focusClueBar(target);
        return true;
      }
      pending = null;
      return false;
    }
    const target = pending.target;
    pending = null;
    if (/^[1-9]$/.test(key)) {
      if (!view.clue_ranks.includes(Number(key))) return false;
      table.moves.clue(target, "rank", Number(key));
      return true;
    }
    const color = colorKeys(view.clue_colors).indexOf(key.toLowerCase());
    if (color < 0) return false;
    table.moves.clue(target, "color", color);
    return true;
  }

  function onKey(event) {
    if (event.altKey || event.ctrlKey || event.metaKey) return;
    if (event.target instanceof Element && event.target.closest("input, textarea, select")) return;
    const table = context();
    if (!table) return;
    const { key } = event;
    if (key === "Escape" && pending) {
      pending = null;
    } else if (pending?.verb === "c") {
      if (!clueKey(table, key)) return;
    } else if (key === "?") {
      table.toggleHelp();
    } else if (key === "p" || key === "d") {
      pending = { verb: key };
    } else if (pending && /^[1-9]$/.test(key)) {
      const card = table.view.hands[table.view.seat][Number(key) - 1];
      const verb = pending.verb;
      pending = null;
      if (!card) return;
      if (verb === "p") table.moves.play(card.id);
      else table.moves.discard(card.id);
    } else if (key === "c") {
      const others = teammates(table.view);
      pending = { verb: "c", target: others.length === 1 ? others[0] : null };
      if (pending.target !== null) focusClueBar(pending.target);
    } else {
      return;
    }
    event.preventDefault();
  }

  document.addEventListener("keydown", onKey);
  return { stop: () => document.removeEventListener("keydown", onKey) };
}

// Tab and Enter go on from there, as with the mouse.
function focusClueBar(seat) {
  document.querySelector(`.hand[data-seat="${seat}"] .clue-bar button:not([disabled])`)?.focus();
}

// "1–5" for consecutive ranks, else "1, 3".
function rankSpan(ranks) {
  const consecutive = ranks.every((rank, index) => rank === ranks[0] + index);
  return consecutive && ranks.length > 2 ? `${ranks[0]}–${ranks.at(-1)}` : ranks.join(", ");
}

// The list of keys, with this table's teammates, clue colors and rank clues.
export function keyboardHelp(view, names, close) {
  const others = teammates(view);
  const keys = colorKeys(view.clue_colors);
  const who =
    others.length === 1
      ? `c then a color's key or a rank`
      : `c, then 1–${others.length}, then a color's key or a rank`;
  const teammateWords = others.length === 1 ? "" : ` ${others.map((seat, index) => `${index + 1}: ${names[seat]}`).join(", ")};`;
  const colorWords = view.clue_colors.map((color, index) => (keys[index] ? `${keys[index]}: ${color}` : null)).filter(Boolean);
  const rankNames = view.clue_ranks.map((rank) => clueName(view, "rank", rank));
  const rankWords = rankNames.every((name, index) => name === String(view.clue_ranks[index]))
    ? view.clue_ranks.length ? `${rankSpan(view.clue_ranks)}: that rank` : ""
    : view.clue_ranks.map((rank, index) => `${rank}: ${rankNames[index]}`).join(", ");
  const rows = [
    ...SHORTCUTS.slice(0, 2),
    [who, `give a clue:${teammateWords} ${[colorWords.join(", "), rankWords].filter(Boolean).join("; ")}`],
    ...SHORTCUTS.slice(2),
  ];
  return h(
    "section",
    { class: "key-help", "aria-labelledby": "key-help-title" },
    h("h2", { id: "key-help-title" }, "Keyboard shortcuts"),
    h("dl", {}, rows.map(([keys, what]) => [h("dt", {}, h("kbd", {}, keys)), h("dd", {}, what)])),
    h("button", { type: "button", dataset: { focus: "help-close" }, onclick: close }, "Close"),
  );
}
