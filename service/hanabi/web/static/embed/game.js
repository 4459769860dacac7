// The embeddable game page (/embed/games/{id}#token=...): one game in another site's iframe. It
// calls the public API with the link's token: a running game's view (a spectator's, or the
// seat's of a table link, with its legal actions as buttons), kept current by long polls on
// the event log, or a finished game's replay, turn by turn. It knows no rule of the game: what
// a seat may do comes from the view's legal_actions.

const gameId = Number(location.pathname.split("/").pop());
const token = new URLSearchParams(location.hash.slice(1)).get("token");
const main = document.getElementById("table");

async function api(method, path, body) {
  const init = { method, cache: "no-store", headers: { Authorization: `Bearer ${token}` } };
  if (body !== undefined) {
    init.headers["Content-Type"] = "application/json";
    init.body = JSON.stringify(body);
  }
  const response = await fetch(`/v1${path}`, init);
  const payload = response.status === 204 ? null : await response.json();
  if (!response.ok) throw payload;
  return payload;
}

function h(tag, attributes = {}, ...children) {
  const element = document.createElement(tag);
  for (const [name, value] of Object.entries(attributes)) {
    if (name === "onclick") element.addEventListener("click", value);
    else if (value !== false && value !== null && value !== undefined) element.setAttribute(name, value);
  }
  element.append(...children.flat().filter((child) => child !== null && child !== undefined && child !== false));
  return element;
}

// Rank 7 is Up or Down's START card (hanab.live's number).
function rankWord(rank) {
  return rank === 7 ? "START" : String(rank);
}

function face(view, card) {
  if (card.suit === null || card.suit === undefined) return "?";
  return `${view.suits[card.suit]} ${rankWord(card.rank)}`;
}

function summary(view, game) {
  const facts = [
    ["Score", `${view.score ?? "?"} / ${view.max_score ?? "?"}`],
    ["Clues", view.clue_tokens],
    ["Strikes", view.strikes ?? "?"],
    ["Deck", view.deck_size],
    ["Turn", view.turn + 1],
  ];
  if (view.is_over) facts.push(["Ended", view.end_condition]);
  else if (view.current_seat !== null) facts.push(["To move", game.seats[view.current_seat].name]);
  return h("dl", { class: "summary" }, facts.map(([name, value]) => h("div", {}, h("dt", {}, name), h("dd", {}, String(value)))));
}

// A firework's arrow shows only in a game where some firework does not simply run up.
function fireworks(view) {
  const arrows = view.directions !== null && view.directions.some((direction) => direction !== "up");
  return h(
    "ul",
    { class: "fireworks", "aria-label": "Fireworks" },
    view.suits.map((suit, index) => {
      // Throw It in a Hole: the fireworks are face down (null) until the game ends.
      if (view.firework_tops === null) return h("li", { class: `card suit-${suit.toLowerCase()}` }, h("span", { class: "face" }, `${suit} ?`));
      const top = view.firework_tops[index];
      const direction = arrows ? ` ${{ up: "↑", down: "↓" }[view.directions[index]] ?? "↕"}` : "";
      return h("li", { class: `card suit-${suit.toLowerCase()}`, title: view.directions[index] ?? "up or down" }, h("span", { class: "face" }, `${suit} ${top === null ? 0 : rankWord(top)}${direction}`));
    }),
  );
}

function actionButtons(view, act) {
  const bySeat = new Map();
  const byCard = new Map();
  for (const action of view.legal_actions || []) {
    if (action.kind === "play" || action.kind === "discard") {
      if (!byCard.has(action.card)) byCard.set(action.card, []);
      byCard.get(action.card).push(action);
    } else if (action.kind === "color_clue" || action.kind === "rank_clue") {
      if (!bySeat.has(action.target)) bySeat.set(action.target, []);
      bySeat.get(action.target).push(action);
    }
  }
  const label = (action) =>
    action.kind === "play" ? "Play" : action.kind === "discard" ? "Discard" : action.kind === "color_clue" ? view.clue_colors[action.color] : view.clue_rank_names[view.clue_ranks.indexOf(action.rank)];
  const button = (action) => h("button", { type: "button", onclick: () => act(action) }, label(action));
  return { cardButtons: (card) => (byCard.get(card) || []).map(button), clueButtons: (seat) => (bySeat.get(seat) || []).map(button) };
}

// With deck plays the last card of the deck may be played blind (and with an Orange suit
// discarded blind): the legal actions then name a card in no hand.
function deckMoves(view, act) {
  const held = new Set(view.hands.flat().map((card) => card.id));
  const blind = (view.legal_actions || []).filter((action) => (action.kind === "play" || action.kind === "discard") && !held.has(action.card));
  if (!blind.length) return null;
  return h(
    "div",
    { class: "deck-moves", "aria-label": "The last card of the deck" },
    blind.map((action) => h("button", { type: "button", onclick: () => act(action) }, action.kind === "play" ? "Play it blind" : "Discard it blind")),
  );
}

function hands(view, game, act) {
  const buttons = actionButtons(view, act);
  return view.hands.map((hand, seat) =>
    h(
      "section",
      { class: `seat${!view.is_over && view.current_seat === seat ? " to-move" : ""}`, "data-seat": seat },
      h("h2", {}, game.seats[seat].name + (view.seat === seat ? " (you)" : "")),
      h(
        "ul",
        { class: "hand" },
        hand.map((card) =>
          h(
            "li",
            { class: `card${card.suit !== null && card.suit !== undefined ? ` suit-${view.suits[card.suit].toLowerCase()}` : ""}`, "data-card": card.id },
            h("span", { class: "face" }, face(view, card)),
            buttons.cardButtons(card.id),
          ),
        ),
      ),
      buttons.clueButtons(seat).length ? h("div", { class: "clues", "aria-label": `Clues to ${game.seats[seat].name}` }, buttons.clueButtons(seat)) : null,
    ),
  );
}

function discards(view) {
  if (!view.discards.length) return null;
  return h("p", { class: "discards" }, "Discarded: ", view.discards.map((card) => face(view, card)).join(", "));
}

function show(...children) {
  main.replaceChildren(...children.flat().filter(Boolean));
}

function problem(error) {
  return h("p", { class: "problem", role: "alert" }, error && error.detail ? error.detail : String(error));
}

async function replay(game) {
  let turn = 0;
  let turns = 0;
  const render = async () => {
    const view = await api("GET", `/games/${gameId}/replay?turn=${turn}`);
    turns = view.turns;
    const go = (to) => async () => {
      turn = Math.max(0, Math.min(turns, to));
      await render();
    };
    show(
      h(
        "div",
        { class: "replay-controls" },
        h("button", { type: "button", onclick: go(0), "aria-label": "First turn" }, "⏮"),
        h("button", { type: "button", onclick: go(turn - 1), "aria-label": "Previous turn" }, "◀"),
        h("span", { class: "status" }, `Replay: turn ${turn} of ${turns}`),
        h("button", { type: "button", onclick: go(turn + 1), "aria-label": "Next turn" }, "▶"),
        h("button", { type: "button", onclick: go(turns), "aria-label": "Last turn" }, "⏭"),
      ),
      summary(view, game),
      fireworks(view),
      hands(view, game, () => {}),
      discards(view),
    );
  };
  await render();
}

async function live() {
  let error = null;
  for (;;) {
    const game = await api("GET", `/games/${gameId}`);
    if (game.status === "finished") return replay(game);
    if (game.status === "lobby") {
      show(h("p", { class: "status" }, `Waiting for players: ${game.free_seats} seat(s) free.`));
    } else {
      const view = await api("GET", `/games/${gameId}/view`);
      const act = async (action) => {
        const { seat, ...body } = action;
        try {
          await api("POST", `/games/${gameId}/actions`, { ...body, expected_version: view.version });
          error = null;
        } catch (problemBody) {
          error = problemBody;
        }
        wake();
      };
      show(summary(view, game), error ? problem(error) : null, fireworks(view), deckMoves(view, act), hands(view, game, act), discards(view));
    }
    await waitForChange(game.version);
  }
}

let wake = () => {};

async function waitForChange(version) {
  const poll = api("GET", `/games/${gameId}/events?after=${version}&limit=1&wait=30`).catch(() => new Promise((resolve) => setTimeout(resolve, 2000)));
  const acted = new Promise((resolve) => {
    wake = resolve;
  });
  await Promise.race([poll, acted]);
}

if (!token || !Number.isInteger(gameId)) {
  show(problem("This table link has no token: ask the site that showed it for a new one."));
} else {
  live().catch((error) => show(problem(error)));
}
