// The table drawn from a view: fireworks, tokens, deck, discard pile, hands, log, and the end.
// Used by the live table (with `moves`, the person's clicks) and by replays (read only).

import { h } from "./dom.js";
import { clueName, endSentence, eventSentence } from "./words.js";

// ctx: { view, names, mySeat, moves, clocks, announce }
//   moves: null (read only) or { clue(target, kind, value), play(card), discard(card),
//          reorder(cards) }; mySeat: null for a spectator or a replay.
export function renderBoard(ctx) {
  const { view } = ctx;
  return h(
    "div",
    { class: "board" },
    h("section", { class: "middle", "aria-label": "Fireworks and tokens" }, fireworks(view), tokens(view)),
    h("section", { class: "hands", "aria-label": "Hands" }, handOrder(ctx).map((seat) => hand(ctx, seat))),
    h("section", { class: "side" }, discardPile(view), log(ctx)),
  );
}

// Show the latest entries of the logs under `container` (call once they are in the page).
export function scrollLogs(container) {
  for (const list of container.querySelectorAll(".log ol")) list.scrollTop = list.scrollHeight;
}

export function endBanner(view) {
  if (!view.is_over) return null;
  return h(
    "section",
    { class: "end", "aria-label": "Result" },
    h("p", { class: "end-title" }, `Score: ${view.score}`, h("span", { class: "end-why" }, ` — ${endSentence(view.end_condition)}`)),
    h("p", { class: "rating" }, view.rating),
  );
}

function handOrder({ view, mySeat }) {
  const seats = view.hands.map((_, seat) => seat);
  if (mySeat === null || mySeat === undefined) return seats;
  const others = seats.slice(mySeat + 1).concat(seats.slice(0, mySeat));
  return others.concat([mySeat]);
}

function fireworks(view) {
  return h(
    "div",
    { class: "fireworks", role: "list", "aria-label": "Fireworks" },
    view.suits.map((suit, index) =>
      h(
        "div",
        {
          class: "firework",
          role: "listitem",
          dataset: { suitName: suit, suit: index, rank: view.fireworks[index] },
          "aria-label": `${suit} firework: ${view.fireworks[index] || "nothing yet"}`,
        },
        h("span", { class: "rank" }, view.fireworks[index] || "·"),
        h("span", { class: "name" }, suit),
      ),
    ),
  );
}

function tokens(view) {
  const clueMax = Math.max(view.options.clue_tokens, view.clue_tokens);
  const strikeMax = view.options.max_strikes;
  const row = (count, max, cls) =>
    Array.from({ length: max }, (_, index) => h("span", { class: `token ${cls} ${index < count ? "on" : "off"}`, "aria-hidden": "true" }));
  return h(
    "div",
    { class: "tokens" },
    h(
      "div",
      { class: "token-row clues", dataset: { count: view.clue_tokens } },
      h("span", { class: "label" }, `Clues ${view.clue_tokens}`),
      row(view.clue_tokens, clueMax, "clue"),
    ),
    h(
      "div",
      { class: "token-row strikes", dataset: { count: view.strikes } },
      h("span", { class: "label" }, `Strikes ${view.strikes} / ${strikeMax}`),
      row(view.strikes, strikeMax, "strike"),
    ),
    h("div", { class: "deck", dataset: { count: view.deck_size } }, h("span", { class: "deck-card" }, view.deck_size), " cards in the deck"),
  );
}

function discardPile(view) {
  const groups = view.suits.map((suit, index) => ({
    suit,
    cards: view.discards.filter((card) => card.suit === index).sort((a, b) => a.rank - b.rank),
  }));
  return h(
    "section",
    { class: "discards", "aria-label": "Discard pile" },
    h("h2", {}, `Discards (${view.discards.length})`),
    h(
      "ul",
      {},
      groups.map(({ suit, cards }) =>
        h(
          "li",
          { class: "discard-group", dataset: { suitName: suit } },
          h("span", { class: "group-name" }, suit),
          cards.length
            ? cards.map((card) => h("span", { class: "mini", dataset: { suitName: suit, card: card.id } }, card.rank))
            : h("span", { class: "none" }, "—"),
        ),
      ),
    ),
  );
}

function log({ view, names }) {
  const entries = view.history.map((event, index) =>
    h("li", { dataset: { kind: event.kind, turn: event.turn }, class: index === view.history.length - 1 ? "latest" : null }, eventSentence(view, names, event)),
  );
  return h(
    "section",
    { class: "log", "aria-label": "What happened" },
    h("h2", {}, "Log"),
    h("ol", { "aria-live": "polite" }, entries.length ? entries : h("li", { class: "none" }, "Nothing yet.")),
  );
}

function hand(ctx, seat) {
  const { view, names, mySeat, clocks } = ctx;
  const mine = seat === mySeat;
  const toMove = !view.is_over && view.current_seat === seat;
  const header = h(
    "h2",
    {},
    mine ? `${names[seat]} (you)` : names[seat],
    toMove ? h("span", { class: "to-move" }, " — to move") : null,
    clocks && clocks[seat] !== null && clocks[seat] !== undefined ? h("span", { class: "bank" }, ` ⏱ ${clocks[seat]}`) : null,
  );
  const cards = view.hands[seat].map((card, slot) =>
    mine && card.suit === null ? ownCard(ctx, card, slot) : teammateCard(ctx, seat, card),
  );
  const section = h(
    "section",
    { class: `hand${mine ? " mine" : ""}${toMove ? " moving" : ""}`, dataset: { seat }, "aria-label": `${names[seat]}'s hand` },
    header,
    h("ol", { class: "cards", dataset: { seat } }, cards),
  );
  if (mine && ctx.moves && !view.is_over) enableDrag(section.querySelector("ol"), ctx);
  return section;
}

function teammateCard(ctx, seat, card) {
  const { view, names, moves } = ctx;
  const suit = view.suits[card.suit];
  const target = names[seat];
  const canClue = moves && seat !== ctx.mySeat && !view.is_over;
  const colorIndex = view.clue_colors.indexOf(suit);
  const corner = canClue
    ? h(
        "div",
        { class: "corner" },
        h(
          "button",
          {
            type: "button",
            class: "clue-color",
            dataset: { focus: `color-${card.id}` },
            "aria-label": colorIndex >= 0 ? `Clue ${suit} to ${target}` : `Choose a color clue for ${target}`,
            title: colorIndex >= 0 ? `Clue ${suit}` : "Choose a color",
            onclick: (event) =>
              colorIndex >= 0 ? moves.clue(seat, "color", colorIndex) : openColorChooser(ctx, seat, event.currentTarget),
          },
          h("span", { class: "dot", dataset: { suitName: suit } }),
        ),
        h(
          "button",
          {
            type: "button",
            class: "clue-rank",
            dataset: { focus: `rank-${card.id}` },
            "aria-label": `Clue ${card.rank} to ${target}`,
            title: `Clue ${card.rank}`,
            onclick: () => moves.clue(seat, "rank", card.rank),
          },
          String(card.rank),
        ),
      )
    : null;
  return h(
    "li",
    { class: "card face", dataset: { card: card.id, suit: card.suit, rank: card.rank, suitName: suit }, title: `${suit} ${card.rank}` },
    corner,
    h("span", { class: "big", "aria-hidden": "true" }, card.rank),
    h("span", { class: "visually-hidden" }, `${suit} ${card.rank}`),
    knowledge(view, card),
  );
}

function openColorChooser(ctx, seat, button) {
  const card = button.closest(".card");
  card.querySelector(".chooser")?.remove();
  const close = () => chooser.remove();
  const chooser = h(
    "div",
    {
      class: "chooser",
      role: "group",
      "aria-label": "Which color?",
      onkeydown: (event) => {
        if (event.key === "Escape") {
          close();
          button.focus();
        }
      },
    },
    ctx.view.clue_colors.map((color, index) =>
      h(
        "button",
        { type: "button", dataset: { suitName: color }, onclick: () => (close(), ctx.moves.clue(seat, "color", index)) },
        color,
      ),
    ),
    h("button", { type: "button", class: "cancel", onclick: () => (close(), button.focus()) }, "Cancel"),
  );
  card.append(chooser);
  chooser.querySelector("button").focus();
}

function ownCard(ctx, card, slot) {
  const { view, moves } = ctx;
  const size = view.hands[ctx.mySeat].length;
  const where = `your card ${slot + 1}`;
  const active = moves && !view.is_over;
  const order = view.hands[ctx.mySeat].map((c) => c.id);
  const moved = (delta) => {
    const cards = order.slice();
    const [taken] = cards.splice(slot, 1);
    cards.splice(slot + delta, 0, taken);
    return cards;
  };
  return h(
    "li",
    { class: "card back", dataset: { card: card.id }, draggable: active ? "true" : null },
    knowledge(view, card),
    active
      ? h(
          "div",
          { class: "own-actions" },
          h("button", { type: "button", class: "play", dataset: { focus: `play-${card.id}` }, "aria-label": `Play ${where}`, title: "Play", onclick: () => moves.play(card.id) }, "✓"),
          h("button", { type: "button", class: "discard", dataset: { focus: `discard-${card.id}` }, "aria-label": `Discard ${where}`, title: "Discard", onclick: () => moves.discard(card.id) }, "✗"),
        )
      : null,
    active
      ? h(
          "div",
          { class: "move" },
          h("button", { type: "button", class: "left", dataset: { focus: `left-${card.id}` }, "aria-label": `Move ${where} to the left`, disabled: slot === 0, onclick: () => moves.reorder(moved(-1)) }, "◀"),
          h("button", { type: "button", class: "right", dataset: { focus: `right-${card.id}` }, "aria-label": `Move ${where} to the right`, disabled: slot === size - 1, onclick: () => moves.reorder(moved(1)) }, "▶"),
        )
      : null,
  );
}

// What a card's owner knows of it: the clues that touched it, and the suits and ranks they leave.
function knowledge(view, card) {
  const clued = [];
  const seen = new Set();
  for (const clue of card.clues) {
    const key = `${clue.kind}:${clue.value}`;
    if (seen.has(key)) continue;
    seen.add(key);
    const name = clueName(view, clue.kind, clue.value);
    clued.push(
      clue.kind === "color"
        ? h("span", { class: "clued color", dataset: { suitName: name }, title: `Clued ${name}` }, name)
        : h("span", { class: "clued rank", title: `Clued ${name}` }, name),
    );
  }
  return h(
    "div",
    { class: "knowledge" },
    clued.length ? h("div", { class: "clues", "aria-label": "Clued" }, clued) : null,
    h(
      "div",
      { class: "possible", "aria-label": "Could be" },
      h(
        "span",
        { class: "pips" },
        card.possible_suits.map((suit) =>
          h("span", { class: "pip", dataset: { suitName: view.suits[suit] }, title: view.suits[suit] }),
        ),
      ),
      h("span", { class: "ranks" }, card.possible_ranks.join("")),
    ),
  );
}

// Drag a card of your hand onto another place of it: the new order is posted as a reorder.
function enableDrag(list, ctx) {
  let dragged = null;
  list.addEventListener("dragstart", (event) => {
    const card = event.target.closest(".card");
    if (!card) return;
    dragged = Number(card.dataset.card);
    card.classList.add("dragging");
    event.dataTransfer.effectAllowed = "move";
    event.dataTransfer.setData("text/plain", String(dragged));
  });
  list.addEventListener("dragend", (event) => event.target.closest(".card")?.classList.remove("dragging"));
  list.addEventListener("dragover", (event) => {
    if (dragged !== null) event.preventDefault();
  });
  list.addEventListener("drop", (event) => {
    event.preventDefault();
    const target = event.target.closest(".card");
    const moving = dragged;
    dragged = null;
    if (moving === null || !target || Number(target.dataset.card) === moving) return;
    const order = ctx.view.hands[ctx.mySeat].map((card) => card.id);
    const cards = order.filter((id) => id !== moving);
    const box = target.getBoundingClientRect();
    const after = event.clientX > box.left + box.width / 2;
    cards.splice(cards.indexOf(Number(target.dataset.card)) + (after ? 1 : 0), 0, moving);
    if (cards.join() !== order.join()) ctx.moves.reorder(cards);
  });
}
