// The table drawn from a view: fireworks, tokens, deck, discard pile, hands, log, and the end.
// Used by the live table (with `moves`, the person's clicks) and by replays (read only).

import { h } from "./dom.js";
import { colorKeys } from "./keys.js";
import { cardName, clueName, directionWords, endSentence, eventSentence, isClue, rankClueLabel, rankLabel, rankWord } from "./words.js";

// ctx: { view, names, mySeat, moves, clocks, serverMoves, notes, chat }
//   moves: null (read only) or { clue(target, kind, value), play(card), discard(card),
//          reorder(cards) }; mySeat: null for a spectator or a replay.
//   serverMoves: Map turn -> "server_timeout" for the moves the server made for a seat.
//   notes: Map card id -> the person's own note, saveNote(card, text) (both null: no notes here);
//   noteDrafts: Map card id -> a note being typed, kept across redraws (a teammate's move redraws);
//   chat: an element or null.
export function renderBoard(ctx) {
  const { view } = ctx;
  ctx.myTurn = ctx.moves !== null && ctx.moves !== undefined && view.legal_actions.length > 0;
  ctx.touched = lastClueTouched(view);
  return h(
    "div",
    { class: "board" },
    h("section", { class: "middle", "aria-label": "Fireworks and tokens" }, fireworks(view), tokens(ctx), numbers(view)),
    h(
      "section",
      { class: "hands", "aria-label": "Hands" },
      h("div", { class: "others" }, handOrder(ctx).filter((seat) => seat !== ctx.mySeat).map((seat) => hand(ctx, seat))),
      ctx.mySeat === null || ctx.mySeat === undefined ? null : hand(ctx, ctx.mySeat),
    ),
    h("section", { class: "side" }, log(ctx), ctx.chat || null, discardPile(view)),
  );
}

// The cards the latest move touched, when that move was a clue (marked until the next move).
function lastClueTouched(view) {
  const last = [...view.history].reverse().find((event) => event.kind !== "reorder");
  return new Set(last && isClue(last) ? last.touched : []);
}

// The running numbers hanab.live shows: the best score still possible, pace and efficiency;
// while the plays are hidden in a hole (max_score null), how many cards went into it.
function numbers(view) {
  if (view.pace === undefined) return null;
  if (view.max_score === null) {
    const plays = view.history.filter((event) => event.kind === "play").length;
    return h(
      "dl",
      { class: "numbers", "aria-label": "Numbers" },
      h("div", { dataset: { stat: "hole" } }, h("dt", { title: "Cards played face down; the score shows when the game ends" }, "In the hole"), h("dd", {}, plays)),
    );
  }
  return h(
    "dl",
    { class: "numbers", "aria-label": "Numbers" },
    h("div", { dataset: { stat: "max-score" } }, h("dt", { title: "The best score the cards still allow" }, "Best possible"), h("dd", {}, view.max_score)),
    h(
      "div",
      { dataset: { stat: "pace" }, class: view.pace !== null && view.pace <= 0 ? "warn" : null },
      h("dt", { title: "Discards left before the best possible score is out of reach" }, "Pace"),
      h("dd", {}, view.pace === null ? "—" : view.pace),
    ),
    h(
      "div",
      { dataset: { stat: "efficiency" } },
      h("dt", { title: "Cards gotten (played, or clued in a hand) per clue spent" }, "Efficiency"),
      h("dd", {}, view.efficiency === null ? "—" : view.efficiency.toFixed(2)),
    ),
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

// Each firework shows its top card (START as "S") and, in a game where some firework does not
// simply run up (reversed suits, Up or Down), which way each runs (the view's `directions`):
// ↑, ↓, or ↕ while an Up or Down firework has not chosen.
const DIRECTION_ARROWS = { up: "↑", down: "↓" };

function showsDirections(view) {
  return view.directions !== null && view.directions.some((direction) => direction !== "up");
}

function fireworks(view) {
  const hidden = view.fireworks === null;
  const arrows = showsDirections(view);
  return h(
    "div",
    { class: "fireworks", role: "list", "aria-label": "Fireworks" },
    view.suits.map((suit, index) => {
      // Throw It in a Hole: fireworks null (face down) until the game ends.
      const count = hidden ? "?" : view.fireworks[index];
      const top = hidden ? null : view.firework_tops[index];
      const direction = hidden ? null : view.directions[index];
      const next = hidden ? [] : view.next_ranks[index];
      const start = hidden ? null : firstPlayed(view, index);
      // Where the firework does not simply take count + 1 next (Sudoku, reversed, Up or Down), say where it
      // started and what it takes next.
      const special = next.length > 0 && !(next.length === 1 && next[0] === count + 1);
      const course = [start !== null ? `from ${rankLabel(start)}` : null, special ? `next ${next.map(rankLabel).join("/")}` : null]
        .filter(Boolean)
        .join(" · ");
      return h(
        "div",
        {
          class: "firework",
          role: "listitem",
          dataset: { suitName: suit, suit: index, rank: count, top: top ?? "", direction: direction ?? "undecided", start: start ?? "", next: next.join(" ") },
          "aria-label": `${suit} firework: ${hidden ? "hidden until the game ends" : `${top === null ? "nothing yet" : rankWord(top)}, ${directionWords(direction)}`}${special ? `, ${course}` : ""}`,
        },
        h("span", { class: "rank" }, hidden ? "?" : top === null ? "·" : rankLabel(top)),
        h("span", { class: "name" }, suit),
        hidden || !arrows ? null : h("span", { class: "direction", title: directionWords(direction), "aria-hidden": "true" }, DIRECTION_ARROWS[direction] ?? "↕"),
        special ? h("span", { class: "course" }, course) : null,
      );
    }),
  );
}

function firstPlayed(view, suit) {
  const event = view.history.find((e) => e.kind === "play" && e.success && e.suit === suit);
  return event ? event.rank : null;
}

function tokens(ctx) {
  const { view } = ctx;
  const clueMax = Math.max(view.options.clue_tokens, view.clue_tokens);
  const strikeMax = view.options.max_strikes;
  const half = view.half_clue_token;
  const row = (count, max, cls, halfAt = -1) =>
    Array.from({ length: max }, (_, index) =>
      h("span", { class: `token ${cls} ${index < count ? "on" : index === halfAt ? "half" : "off"}`, "aria-hidden": "true" }));
  return h(
    "div",
    { class: "tokens" },
    h(
      "div",
      { class: "token-row clues", dataset: { count: view.clue_tokens, half }, title: half ? "A discard or a completed firework gives half a clue token; a clue takes a whole one" : null },
      h("span", { class: "label" }, `Clues ${view.clue_tokens}${half ? "½" : ""}`),
      row(view.clue_tokens, clueMax, "clue", half ? view.clue_tokens : -1),
    ),
    h(
      "div",
      { class: "token-row strikes", dataset: { count: view.strikes ?? "?" } },
      h("span", { class: "label" }, `Strikes ${view.strikes ?? "?"} / ${strikeMax}`),
      row(view.strikes ?? 0, strikeMax, "strike"),
    ),
    h(
      "div",
      { class: "deck", dataset: { count: view.deck_size } },
      h("span", { class: "deck-card" }, view.deck_size),
      view.deck_size === 1 ? " card in the deck" : " cards in the deck",
      ...blindMoves(ctx),
    ),
  );
}

// With deck plays (hanab.live's deckPlays) the last card of the deck may be played blind, and
// in a variant with an Orange suit discarded blind: the legal actions name a card in no hand.
const BLIND_MOVES = { play: "Play it blind", discard: "Discard it blind" };

function blindMoves(ctx) {
  const { view, moves, mySeat } = ctx;
  if (!ctx.myTurn || mySeat === null || mySeat === undefined) return [];
  const mine = new Set(view.hands[mySeat].map((card) => card.id));
  return view.legal_actions
    .filter((action) => action.kind in BLIND_MOVES && !mine.has(action.card))
    .map((action) =>
      h(
        "button",
        { type: "button", class: `blind ${action.kind}`, title: "The last card of the deck, unseen", onclick: () => moves[action.kind](action.card) },
        BLIND_MOVES[action.kind],
      ),
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
            ? cards.map((card) => h("span", { class: "mini", dataset: { suitName: suit, card: card.id, rank: card.rank }, title: cardName(view, card.suit, card.rank) }, rankLabel(card.rank)))
            : h("span", { class: "none" }, "—"),
        ),
      ),
    ),
  );
}

// The log, numbered by turn: a rearrangement shares the number of the turn it was made in. The
// moves made since your own last move stand out, so that two quick bot moves are both seen.
function log({ view, names, serverMoves, mySeat }) {
  const yours = mySeat === null || mySeat === undefined ? -1 : view.history.findLastIndex((event) => event.seat === mySeat && event.kind !== "reorder");
  const entries = view.history.map((event, index) => {
    const by = event.kind === "reorder" ? undefined : serverMoves?.get(event.turn);
    const since = yours >= 0 && index > yours && event.kind !== "reorder";
    return h(
      "li",
      {
        value: event.turn + 1,
        dataset: { kind: event.kind, turn: event.turn, by },
        class: [index === view.history.length - 1 ? "latest" : "", since ? "since-mine" : ""].join(" ").trim() || null,
      },
      eventSentence(view, names, event),
      isClue(event) && event.informative === false
        ? [" ", h("span", { class: "told-nothing", title: "Every card of that hand already knew this from earlier clues" }, "told nothing new")]
        : null,
      by ? h("span", { class: "by-server" }, ` (${serverMoveSentence(names[event.seat], by)})`) : null,
    );
  });
  return h(
    "section",
    { class: "log", "aria-label": "What happened" },
    h("h2", {}, "Log"),
    h("ol", { "aria-live": "polite" }, entries.length ? entries : h("li", { class: "none" }, "Nothing yet.")),
  );
}

function serverMoveSentence(who, by) {
  return by === "server_timeout" ? `The server moved for ${who}: their time ran out.` : `The server moved for ${who}.`;
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
    clocks && clocks[seat] !== null && clocks[seat] !== undefined ? h("span", { class: "bank" }, ` · ${clocks[seat]} on the clock`) : null,
  );
  const cards = view.hands[seat].map((card, slot) =>
    mine && card.suit === null ? ownCard(ctx, card, slot) : teammateCard(ctx, seat, card),
  );
  const section = h(
    "section",
    { class: `hand${mine ? " mine" : ""}${toMove ? " moving" : ""}`, dataset: { seat }, "aria-label": `${names[seat]}'s hand` },
    header,
    h("ol", { class: "cards", dataset: { seat } }, cards),
    !mine && ctx.moves && !view.is_over ? clueBar(ctx, seat) : null,
  );
  if (mine && ctx.moves && !view.is_over) enableDrag(section.querySelector("ol"), ctx);
  return section;
}

function teammateCard(ctx, seat, card) {
  const { view, names, moves } = ctx;
  const suit = view.suits[card.suit];
  const target = names[seat];
  const canClue = moves && seat !== ctx.mySeat && !view.is_over;
  const name = cardName(view, card.suit, card.rank);
  const colorIndex = view.clue_colors.indexOf(suit);
  const rankClue = view.clue_ranks.includes(card.rank) ? card.rank : null;
  const colorButton = view.clue_colors.length
    ? cornerButton(ctx, seat, card, "color", colorIndex >= 0 ? { value: colorIndex, name: suit } : null,
        view.clue_colors.map((color, index) => [index, color, color]), h("span", { class: "dot", dataset: { suitName: suit } }))
    : null;
  const rankButton = view.clue_ranks.length
    ? cornerButton(ctx, seat, card, "rank", rankClue !== null ? { value: rankClue, name: clueName(view, "rank", rankClue) } : null,
        view.clue_ranks.map((rank) => [rank, clueName(view, "rank", rank), null]), rankClue !== null ? rankClueLabel(view, rankClue) : "…")
    : null;
  const corner = canClue && (colorButton || rankButton) ? h("div", { class: "corner" }, colorButton, rankButton) : null;
  return h(
    "li",
    {
      class: `card face${ctx.touched.has(card.id) ? " touched" : ""}`,
      dataset: { card: card.id, suit: card.suit, rank: card.rank, suitName: suit },
      title: name,
    },
    corner,
    touchedMark(ctx, card),
    // The suit's mark (its letter, from the stylesheet) beside the rank, so it never covers what
    // the holder knows of the card.
    h("span", { class: "face-value", "aria-hidden": "true" }, h("span", { class: "big" }, rankLabel(card.rank)), h("span", { class: "suit-mark" })),
    h("span", { class: "visually-hidden" }, name),
    knowledge(view, card),
    note(ctx, card, `${target}'s ${name}`),
  );
}

// A card's corner button: it clues the card's own color or rank when the variant has that clue
// (`own`: { value, name }), else it lists the variant's clues of that kind (`choices`; a rainbow
// card, a START, a 3 in Odds and Evens).
function cornerButton(ctx, seat, card, kind, own, choices, content) {
  const target = ctx.names[seat];
  return h(
    "button",
    {
      type: "button",
      class: `clue-${kind}`,
      dataset: { focus: `${kind}-${card.id}` },
      "aria-label": own ? `Clue ${own.name} to ${target}` : `Choose a ${kind} clue for ${target}`,
      title: own ? `Clue ${own.name}` : `Choose a ${kind}`,
      disabled: !(own ? clueIsLegal(ctx, seat, kind, own.value) : choices.some(([value]) => clueIsLegal(ctx, seat, kind, value))),
      onclick: (event) => (own ? ctx.moves.clue(seat, kind, own.value) : openChooser(ctx, seat, event.currentTarget, kind, choices)),
    },
    content,
  );
}

// Whether the server lists this clue among the legal actions now (none off turn, none without a
// clue token).
function clueIsLegal(ctx, seat, kind, value) {
  return (
    ctx.myTurn &&
    ctx.view.legal_actions.some((action) =>
      kind === "color"
        ? action.kind === "color_clue" && action.target === seat && action.color === value
        : action.kind === "rank_clue" && action.target === seat && action.rank === value,
    )
  );
}

// choices: [clue value, its name, the suit name that colors its button or null].
function openChooser(ctx, seat, button, kind, choices) {
  const card = button.closest(".card");
  card.querySelector(".chooser")?.remove();
  const close = () => chooser.remove();
  const chooser = h(
    "div",
    {
      class: "chooser",
      role: "group",
      "aria-label": `Which ${kind}?`,
      onkeydown: (event) => {
        if (event.key === "Escape") {
          close();
          button.focus();
        }
      },
    },
    choices.map(([value, name, suitName]) =>
      h(
        "button",
        {
          type: "button",
          dataset: suitName ? { suitName } : {},
          disabled: !clueIsLegal(ctx, seat, kind, value),
          onclick: () => (close(), ctx.moves.clue(seat, kind, value)),
        },
        name,
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
  const idle = !ctx.myTurn;
  const order = view.hands[ctx.mySeat].map((c) => c.id);
  const moved = (delta) => {
    const cards = order.slice();
    const [taken] = cards.splice(slot, 1);
    cards.splice(slot + delta, 0, taken);
    return cards;
  };
  return h(
    "li",
    { class: `card back${ctx.touched.has(card.id) ? " touched" : ""}`, dataset: { card: card.id }, draggable: active ? "true" : null },
    touchedMark(ctx, card),
    knowledge(view, card),
    note(ctx, card, where),
    active
      ? h(
          "div",
          { class: "own-actions" },
          h("button", { type: "button", class: "play", dataset: { focus: `play-${card.id}` }, "aria-label": `Play ${where}`, title: "Play", disabled: idle, onclick: () => moves.play(card.id) }, "✓"),
          h("button", { type: "button", class: "discard", dataset: { focus: `discard-${card.id}` }, "aria-label": `Discard ${where}`, title: "Discard", disabled: idle, onclick: () => moves.discard(card.id) }, "✗"),
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

function touchedMark(ctx, card) {
  if (!ctx.touched.has(card.id)) return null;
  return h("span", { class: "arrow", title: "Touched by the last clue" }, h("span", { "aria-hidden": "true" }, "▼"), h("span", { class: "visually-hidden" }, "touched by the last clue"));
}

// Every clue for one teammate, as buttons: the ones the view lists as legal now are enabled
// (an empty clue too, when the game allows them); nothing is clickable off turn.
function clueBar(ctx, seat) {
  const { view, names, moves } = ctx;
  const legal = (kind, value) => clueIsLegal(ctx, seat, kind, value);
  const keys = colorKeys(view.clue_colors);
  // A color button shows its name, or at a crowded table its keyboard key (the name in its title).
  const button = (kind, value, label) =>
    h(
      "button",
      {
        type: "button",
        class: `clue-option ${kind}`,
        dataset: kind === "color" ? { focus: `clue-${seat}-${kind}-${value}`, suitName: label } : { focus: `clue-${seat}-${kind}-${value}` },
        "aria-label": `Clue ${label} to ${names[seat]}`,
        title: label,
        disabled: !legal(kind, value),
        onclick: () => moves.clue(seat, kind, value),
      },
      kind === "color"
        ? [h("span", { class: "name" }, label), h("span", { class: "key", "aria-hidden": "true" }, (keys[value] ?? label).toUpperCase())]
        : rankClueLabel(view, value),
    );
  return h(
    "div",
    { class: "clue-bar", role: "group", "aria-label": `Clues for ${names[seat]}` },
    h("span", { class: "label" }, view.clue_tokens === 0 && ctx.myTurn ? (view.half_clue_token ? "Half a clue token: a clue takes a whole one" : "No clue tokens left") : "Clue:"),
    view.clue_colors.map((color, index) => button("color", index, color)),
    view.clue_ranks.map((rank) => button("rank", rank, clueName(view, "rank", rank))),
  );
}

// A card's private note: shown on the card, edited in place (Enter saves, Escape cancels). A
// note being typed survives a redraw: its draft is kept in ctx.noteDrafts until it is done.
function note(ctx, card, what) {
  if (!ctx.notes || !ctx.saveNote) return null;
  const text = ctx.notes.get(card.id) || "";
  const drafts = ctx.noteDrafts;
  const box = h("div", { class: "note" });
  const show = () =>
    box.replaceChildren(
      ...(text ? [h("span", { class: "note-text", title: text }, text)] : []),
      h(
        "button",
        { type: "button", class: "note-edit", dataset: { focus: `note-${card.id}` }, "aria-label": `Note on ${what}`, title: "Your note", onclick: edit },
        "✎",
      ),
    );
  function edit() {
    const input = h("input", {
      class: "note-input",
      value: drafts?.get(card.id) ?? text,
      maxlength: 200,
      "aria-label": `Your note on ${what}`,
      dataset: { focus: `note-input-${card.id}` },
    });
    drafts?.set(card.id, input.value);
    let done = false;
    const finish = (save) => {
      if (done) return;
      done = true;
      drafts?.delete(card.id);
      if (save && input.value.trim() !== text) ctx.saveNote(card.id, input.value.trim());
      else show();
    };
    input.addEventListener("input", () => drafts?.set(card.id, input.value));
    input.addEventListener("keydown", (event) => {
      if (event.key === "Enter") finish(true);
      else if (event.key === "Escape") finish(false);
      else return;
      event.preventDefault();
      event.stopPropagation();
    });
    // Leaving the field saves it; a redraw that replaced it does not (the new one has the draft).
    input.addEventListener("blur", () => setTimeout(() => input.isConnected && finish(true)));
    box.replaceChildren(input);
    input.focus();
  }
  if (drafts?.has(card.id)) edit();
  else show();
  return box;
}

// What a card's owner knows of it: the clues that touched it, and the suits and ranks they leave.
function knowledge(view, card) {
  const clued = [];
  const seen = new Set();
  for (const clue of card.clues) {
    const key = `${clue.clue_kind}:${clue.value}`;
    if (seen.has(key)) continue;
    seen.add(key);
    const name = clueName(view, clue.clue_kind, clue.value);
    clued.push(
      clue.value === null
        ? h("span", { class: "clued pointed", title: `Pointed at: ${name}` }, name)
        : clue.clue_kind === "color"
        ? h("span", { class: "clued color", dataset: { suitName: name }, title: `Clued ${name}` }, name)
        : h("span", { class: "clued rank", title: `Clued ${name}` }, name),
    );
  }
  return h(
    "div",
    { class: "knowledge" },
    // The row is there without clues too, so that a clue does not make the card (and the table) taller.
    clued.length
      ? h("div", { class: "clues", "aria-label": "Clued" }, clued)
      : h("div", { class: "clues", "aria-hidden": "true" }, h("span", { class: "clue-room" }, "\u00a0")),
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
      h("span", { class: "ranks", title: card.possible_ranks.map(rankWord).join(", ") }, card.possible_ranks.map(rankLabel).join("")),
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
