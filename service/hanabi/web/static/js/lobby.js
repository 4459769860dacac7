// The lobby: games to join, play or replay, a form to create a game, and a hanab.live import.
// The create form is built from the API's own description of the options (their ranges, the
// variants, the bot strategies, the time controls), so the page knows none of them itself.

import { api, apiDescription, session } from "./api.js";
import { clearFormProblem, clearProblem, formatDuration, formProblemBox, h, replaceContent, showFormProblem, showProblem } from "./dom.js";

const REFRESH_MS = 5000;

export function mountLobby(container) {
  const controller = new AbortController();
  const { signal } = controller;
  const lists = h("div", { class: "lists" }, h("p", {}, "Loading games…"));
  const heldNote = h("p", { class: "hint held-note", role: "status", hidden: true }, "The lists have changed: they are redrawn once the pointer leaves them.");
  const form = h("div", { class: "create" });
  container.replaceChildren(
    h(
      "div",
      { class: "lobby" },
      h("section", { class: "games", "aria-labelledby": "games-title" }, h("h1", { id: "games-title" }, "Games"), lists, heldNote),
      h(
        "div",
        { class: "forms" },
        form,
        importForm(signal),
      ),
    ),
  );

  async function refresh() {
    const [turn, running, waitingRoom, done, open, others, finished] = await Promise.all([
      api("GET", "/me/turn?limit=100", { signal }),
      api("GET", "/me/games?status=running&limit=100", { signal }),
      api("GET", "/me/games?status=lobby&limit=100", { signal }),
      api("GET", "/me/games?status=finished&limit=20", { signal }),
      api("GET", "/games?status=lobby&limit=50", { signal }),
      api("GET", "/games?status=running&limit=50", { signal }),
      api("GET", "/games?status=finished&limit=20", { signal }),
    ]);
    const inbox = inboxOf(session().name, turn.items, [...running.items, ...waitingRoom.items], done.items);
    const mineIds = new Set([...running.items, ...waitingRoom.items, ...done.items].map((game) => game.id));
    draw(
      gameList("Waiting for you", "mine your-turn", inbox.yourTurn, (game) => ({ label: "Your turn — play", href: `#/game/${game.id}`, urgent: true }), {
        when: timeLeft,
        none: "No game waits for your move.",
      }),
      gameList("Seats kept for you", "mine invited", inbox.invited, (game) => ({ label: "Take your seat", href: `#/game/${game.id}`, urgent: true })),
      gameList("Your games not started yet", "mine lobby", inbox.lobby, (game) => ({ label: "Open", href: `#/game/${game.id}` })),
      gameList("Waiting for others", "mine their-turn", inbox.theirTurn, (game) => ({ label: "Look", href: `#/game/${game.id}` }), {
        when: whoseTurn,
      }),
      gameList("Your finished games", "mine finished-mine", inbox.finished, (game) => ({ label: "Replay", href: `#/replay/${game.id}/0` })),
      gameList("Open games", "open", open.items.filter((game) => !mineIds.has(game.id) && game.free_seats > 0), (game) => ({
        label: "Join",
        href: `#/game/${game.id}`,
      })),
      gameList("Running games", "running", others.items.filter((game) => !mineIds.has(game.id)), (game) =>
        game.spectators ? { label: "Watch", href: `#/game/${game.id}` } : null,
      ),
      gameList("Finished games", "finished", finished.items.filter((game) => !mineIds.has(game.id)), (game) => ({ label: "Replay", href: `#/replay/${game.id}/0` })),
    );
  }

  // The lists stay put under the pointer, so that a click lands on the game it was aimed at: while
  // the pointer is over them, a refresh that would add, remove or move a game waits until it
  // leaves (one that changes only words, the time left, is drawn at once); while it presses on
  // them, every refresh waits until it is released.
  let pointerOver = false;
  let pressed = false;
  let shownLayout = null;
  let held = null;
  function draw(...sections) {
    const layout = sections.map((section) => [...section.querySelectorAll("li")].map((item) => item.dataset.game).join(",")).join("|");
    if (pressed || (pointerOver && shownLayout !== null && layout !== shownLayout)) {
      held = sections;
      lists.dataset.held = "true";
      heldNote.hidden = pressed;
      return;
    }
    held = null;
    delete lists.dataset.held;
    heldNote.hidden = true;
    shownLayout = layout;
    replaceContent(lists, sections);
  }
  function release() {
    if (held && !pressed && !pointerOver) draw(...held);
  }
  // The pointer is over the lists once it moves there: lists drawn under a pointer at rest hold nothing.
  lists.addEventListener("pointermove", () => (pointerOver = true));
  lists.addEventListener("pointerleave", () => {
    pointerOver = false;
    release();
  });
  lists.addEventListener("pointerdown", () => (pressed = true));
  const unpress = () => {
    pressed = false;
    release();
  };
  window.addEventListener("pointerup", unpress, { signal });
  window.addEventListener("pointercancel", unpress, { signal });

  function loop() {
    refresh()
      .catch((error) => {
        if (error.name !== "AbortError") showProblem(error);
      })
      .finally(() => {
        if (!signal.aborted) timer = setTimeout(loop, REFRESH_MS);
      });
  }
  let timer = null;
  loop();
  createForm(form, signal).catch((error) => error.name !== "AbortError" && showProblem(error));

  return () => {
    controller.abort();
    clearTimeout(timer);
  };
}

// The inbox: the games waiting for your move first, the soonest deadline first (then the one
// that has waited longest); the seats kept for you; your games waiting for players; those
// waiting for others; your finished games, newest first. The server's `inbox` section is used
// when it gives one.
export function inboxOf(name, yourTurn, current, finished) {
  const me = name.toLowerCase();
  const waiting = new Set(yourTurn.map((game) => game.id));
  const seatOf = (game) => game.seats.find((seat) => seat.account && seat.account.toLowerCase() === me);
  const section = (game) => {
    if (game.inbox?.section) return game.inbox.section;
    if (game.status === "finished") return "finished";
    if (game.status === "lobby") return seatOf(game)?.kind === "reserved" ? "invited" : "lobby";
    return waiting.has(game.id) || (seatOf(game) && game.current_seat === seatOf(game).seat) ? "your_turn" : "their_turn";
  };
  const bySection = { your_turn: [], invited: [], lobby: [], their_turn: [], finished: [] };
  const seen = new Set();
  // Your games' own entries first: they carry the server's `inbox` (GET /v1/me/turn's do not).
  for (const game of [...current, ...yourTurn, ...finished]) {
    if (seen.has(game.id)) continue;
    seen.add(game.id);
    bySection[section(game)]?.push(game);
  }
  // By time left (a turn paused by a vacation keeps what it had left), then the longest waiting.
  const left = (game) => secondsLeft(game) ?? Infinity;
  const since = (game) => Date.parse(game.turn_started_at || game.updated_at || game.created_at);
  bySection.your_turn.sort((a, b) => left(a) - left(b) || since(a) - since(b));
  bySection.their_turn.sort((a, b) => left(a) - left(b) || since(a) - since(b));
  bySection.finished.sort((a, b) => Date.parse(b.updated_at) - Date.parse(a.updated_at));
  return {
    yourTurn: bySection.your_turn,
    invited: bySection.invited,
    lobby: bySection.lobby,
    theirTurn: bySection.their_turn,
    finished: bySection.finished,
  };
}

// Time left for the move (the server's `seconds_left`, or the deadline), or that there is no limit.
export function secondsLeft(game) {
  if (game.inbox && game.inbox.seconds_left !== undefined) return game.inbox.seconds_left;
  return game.deadline ? (Date.parse(game.deadline) - Date.now()) / 1000 : null;
}

function timeLeft(game) {
  const seconds = secondsLeft(game);
  if (seconds === null) return "no time limit";
  return game.inbox?.paused ? `${formatDuration(seconds)} left, paused (vacation)` : `${formatDuration(seconds)} left`;
}

function whoseTurn(game) {
  const seat = game.seats[game.current_seat];
  const who = seat ? seat.name || seat.account || `seat ${seat.seat + 1}` : "someone";
  const left = secondsLeft(game);
  return `${who} to move${left === null ? "" : ` · ${formatDuration(left)} left`}`;
}

function gameList(title, kind, games, link, { when = null, none = "None." } = {}) {
  return h(
    "section",
    { class: `game-list ${kind}`, "aria-label": title },
    h("h2", {}, title),
    games.length
      ? h(
          "ul",
          {},
          games.map((game) => {
            const target = link(game);
            return h(
              "li",
              { dataset: { game: game.id }, class: target?.urgent ? "urgent" : null },
              h("span", { class: "what" }, gameLine(game), when ? h("span", { class: "when" }, when(game)) : null),
              target ? h("a", { href: target.href, class: "button", dataset: { focus: `${kind}-${game.id}` } }, target.label) : null,
            );
          }),
        )
      : h("p", { class: "none" }, none),
  );
}

function gameLine(game) {
  const players = game.seats.map((seat) => seat.name || (seat.kind === "reserved" ? `(${seat.account})` : "(open)")).join(", ");
  const state =
    game.status === "finished" ? `score ${game.score}` : game.status === "running" ? `turn ${game.turn + 1}` : `${game.free_seats} free`;
  return `#${game.id} · ${game.options.variant} · ${players} · ${state}`;
}

export function optionsSentence(game) {
  const o = game.options;
  const parts = [`${o.players} players`, o.variant, `${o.clue_tokens} clue tokens`, `${o.max_strikes} strikes`];
  if (o.empty_clues) parts.push("empty clues");
  if (o.all_or_nothing) parts.push("all or nothing");
  if (o.timed_display) parts.push("timed display");
  if (o.starting_seat) parts.push(`seat ${o.starting_seat + 1} starts`);
  if (game.spectators) parts.push("spectators welcome");
  const tc = game.time_control;
  if (tc.kind === "per_turn") parts.push(`${tc.seconds} s per turn`);
  if (tc.kind === "correspondence") parts.push(`${tc.days} days per turn`);
  if (tc.kind === "clock") parts.push(`clock ${tc.base_seconds} s + ${tc.increment_seconds} s`);
  if (tc.kind !== "none") parts.push(tc.on_timeout === "move" ? "a safe move on timeout" : "timeout ends the game");
  return parts.join(" · ");
}

// ---- create a game ----------------------------------------------------------------------

// What the form calls each option (an option the page does not know keeps its API name).
const LABELS = {
  players: "players",
  variant: "variant",
  clue_tokens: "clue tokens",
  max_strikes: "strikes allowed",
  empty_clues: "empty clues allowed",
  all_or_nothing: "all or nothing",
  timed_display: "timed display (call a suit with each play)",
  starting_seat: "first to play",
};

const TIME_FIELDS = {
  none: [],
  per_turn: ["seconds"],
  correspondence: ["days"],
  clock: ["base_seconds", "increment_seconds"],
};

const TIME_LABELS = {
  seconds: "seconds per turn",
  days: "days per turn",
  base_seconds: "clock base (seconds)",
  increment_seconds: "added per move (seconds)",
};

// What a time control starts at once its kind is chosen: a minute a turn in real time, a clock
// of five minutes, three days a move by correspondence (the API's minimums, 1 s and 1 day,
// end a game before anyone can move).
const TIME_DEFAULTS = { seconds: 60, days: 3, base_seconds: 300, increment_seconds: 10 };

// Under this many seconds a turn, creating the game asks first.
const HASTY_SECONDS = 10;

async function createForm(container, signal) {
  const spec = await apiDescription();
  const schemas = spec.components.schemas;
  const options = schemas.OptionsRequest.properties;
  const strategySchema = unionMembers(spec, "SeatPlanRequest").bot.properties.strategy;
  const strategies = preferred(strategySchema.enum, "basic");
  const timeMembers = unionMembers(spec, "TimeControlRequest");
  const timeControl = Object.assign({}, ...Object.values(timeMembers).map((member) => member.properties));
  timeControl.kind = { enum: Object.keys(timeMembers) };

  const optionInputs = Object.entries(options).map(([name, schema]) => optionInput(name, resolved(spec, schema)));
  const seatsBox = h("fieldset", { class: "seat-plan" }, h("legend", {}, "Seats"));
  const hatWarning = h(
    "p",
    { class: "warning", role: "note", hidden: true },
    `${strategySchema.description.replace(/^With kind bot: the bot strategy\. /, "")}.`,
  );
  const players = optionInputs.find((input) => input.name === "players");
  const startingSeat = optionInputs.find((input) => input.name === "starting_seat");
  const checkHat = () => {
    const choices = [...seatsBox.querySelectorAll(".seat-row select")].map((select) => select.value);
    hatWarning.hidden = !(choices.includes("bot:hat") && choices.some((choice) => !choice.startsWith("bot:")));
  };
  const drawSeats = () => {
    const count = Number(players.value) || 0;
    const kept = [...seatsBox.querySelectorAll(".seat-row")].map((row) => [row.querySelector("select").value, row.querySelector("input").value]);
    seatsBox.replaceChildren(h("legend", {}, "Seats"));
    for (let seat = 0; seat < count; seat++) seatsBox.append(seatRow(seat, strategies, kept[seat]));
    seatsBox.append(hatWarning);
    checkHat();
    if (startingSeat) drawStartingSeats(startingSeat, count);
  };
  seatsBox.addEventListener("change", checkHat);
  players.addEventListener("input", drawSeats);

  const kind = h(
    "select",
    { name: "time_control.kind", id: "tc-kind" },
    timeControl.kind.enum.map((value) => h("option", { value }, value.replace("_", " "))),
  );
  const timeInputs = Object.fromEntries(
    Object.values(TIME_FIELDS)
      .flat()
      .map((name) => [name, numberInput(`time_control.${name}`, { ...timeControl[name], default: clamp(TIME_DEFAULTS[name], timeControl[name]) })]),
  );
  // A timeout's safe move comes first: ending the game is for those who ask for it.
  const onTimeout = h(
    "select",
    { name: "time_control.on_timeout", id: "tc-on_timeout" },
    preferred(timeControl.on_timeout.enum, "move").map((value) =>
      h("option", { value }, value === "end" ? "the game ends (score 0)" : "a safe move is made for them"),
    ),
  );
  const timeBox = h("div", { class: "time-fields" });
  const drawTime = () => {
    timeBox.replaceChildren(
      ...TIME_FIELDS[kind.value].map((name) => labelled(TIME_LABELS[name] || name.replaceAll("_", " "), timeInputs[name])),
      kind.value === "none" ? "" : labelled("when time runs out", onTimeout),
    );
  };
  kind.addEventListener("change", drawTime);

  const seed = h("input", { name: "seed", id: "create-seed", maxlength: 200, placeholder: "random" });
  const startWhenFull = h("input", { type: "checkbox", name: "start_when_full", id: "create-start_when_full" });
  const spectators = h("input", { type: "checkbox", name: "spectators", id: "create-spectators" });

  const form = h(
    "form",
    { class: "create-game", "aria-labelledby": "create-title", novalidate: true },
    h("h2", { id: "create-title" }, "Create a game"),
    h("div", { class: "option-fields" }, optionInputs.map((input) => (input.name === "variant" ? variantPicker(input) : labelled(input.dataset.label, input)))),
    seatsBox,
    h("fieldset", {}, h("legend", {}, "Time control"), labelled("kind", kind), timeBox),
    labelled("seed (optional)", seed),
    labelled("start when every seat is taken", startWhenFull),
    labelled("let others watch (they see every hand) and chat", spectators),
    formProblemBox(),
    h("button", { type: "submit", class: "primary" }, "Create"),
  );
  // The field the API names in a refusal ("options.clue_tokens", "seats.1.account"), to say it there.
  const fieldFor = (path) => {
    const [head, key, rest] = path.split(".");
    if (head === "options") return optionInputs.find((input) => input.name === key) || null;
    if (head === "seats" && key !== undefined) {
      const row = seatsBox.querySelector(`.seat-row[data-seat="${Number(key)}"]`);
      return row ? row.querySelector(rest === "account" ? "input" : "select") : seatsBox.querySelector(".seat-row select");
    }
    if (head === "seats") return seatsBox.querySelector(".seat-row select");
    if (head === "time_control") return key === "on_timeout" ? onTimeout : key === "kind" ? kind : timeInputs[key] || kind;
    if (head === "seed") return seed;
    return null;
  };
  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    clearProblem();
    clearFormProblem(form);
    const body = { options: {}, seats: [], start_when_full: startWhenFull.checked, spectators: spectators.checked };
    for (const input of optionInputs) {
      if (input.type === "checkbox") body.options[input.name] = input.checked;
      else if (input.name === "starting_seat") body.options[input.name] = Number(input.value);
      else if (input.tagName === "SELECT") body.options[input.name] = input.value;
      else if (input.value !== "") body.options[input.name] = Number(input.value);
    }
    for (const row of seatsBox.querySelectorAll(".seat-row")) {
      const choice = row.querySelector("select").value;
      if (choice === "open") body.seats.push({ kind: "open" });
      else if (choice === "account") body.seats.push({ kind: "account", account: row.querySelector("input").value });
      else body.seats.push({ kind: "bot", strategy: choice.slice(4) });
    }
    if (seed.value) body.seed = seed.value;
    if (kind.value !== "none") {
      body.time_control = { kind: kind.value, on_timeout: onTimeout.value };
      for (const name of TIME_FIELDS[kind.value]) body.time_control[name] = Number(timeInputs[name].value);
      const hasty = turnSeconds(body.time_control);
      if (hasty !== null && hasty < HASTY_SECONDS && !window.confirm(hastyQuestion(hasty, body.time_control.on_timeout))) return;
    }
    try {
      const game = await api("POST", "/games", { body, signal });
      location.hash = `#/game/${game.id}`;
    } catch (error) {
      if (error.name !== "AbortError") showFormProblem(form, error, fieldFor);
    }
  });
  container.replaceChildren(form);
  drawSeats();
  drawTime();
}

// A property's schema with its `$ref` ("#/components/schemas/Variant") followed; the
// property's own keys win. A request's default is in its description ("Default: 8.", JSON
// before the last full stop), where client generators do not take it for a required field.
function resolved(spec, schema) {
  const ref = schema.$ref?.match(/^#\/components\/schemas\/(.+)$/);
  if (!ref) return withDefault(schema);
  const { $ref, ...own } = schema;
  return withDefault({ ...resolved(spec, spec.components.schemas[ref[1]]), ...own });
}

function withDefault(schema) {
  const stated = schema.description?.match(/Default: (.+)\.$/);
  if (schema.default !== undefined || !stated) return schema;
  try {
    return { ...schema, default: JSON.parse(stated[1]) };
  } catch {
    return schema;
  }
}

// The members of a oneOf union of the description by their discriminator's value ("bot",
// "per_turn"), each with its `$ref` followed.
function unionMembers(spec, name) {
  const { mapping } = spec.components.schemas[name].discriminator;
  return Object.fromEntries(Object.entries(mapping).map(([kind, ref]) => [kind, resolved(spec, { $ref: ref })]));
}

// The seconds a turn may last at first: per turn, its seconds; on a clock, the bank.
function turnSeconds(timeControl) {
  if (timeControl.kind === "per_turn") return timeControl.seconds;
  if (timeControl.kind === "clock") return timeControl.base_seconds;
  return null;
}

function hastyQuestion(seconds, onTimeout) {
  const then = onTimeout === "end" ? "the game ends at the first turn that takes longer" : "the server moves for whoever takes longer";
  return `A turn may last only ${seconds} s: ${then}. Create the game anyway?`;
}

function clamp(value, schema) {
  return Math.min(schema.maximum ?? value, Math.max(schema.minimum ?? value, value));
}

// The variant: a search field narrows the list (2,400 and more names) to the names holding
// every word typed.
function variantPicker(select) {
  const all = [...select.options].map((option) => option.value);
  const count = h("p", { class: "hint count", id: "create-variant-count", "aria-live": "polite" }, `${all.length} variants`);
  select.setAttribute("aria-describedby", count.id);
  const search = h("input", {
    type: "search",
    id: "create-variant-search",
    placeholder: "e.g. rainbow 6",
    autocomplete: "off",
    "aria-controls": select.id,
    "aria-describedby": count.id,
  });
  search.addEventListener("input", () => {
    const words = search.value.toLowerCase().split(/\s+/).filter(Boolean);
    const typed = search.value.trim().toLowerCase();
    const holding = all.filter((name) => words.every((word) => name.toLowerCase().includes(word)));
    // The names that begin as typed come first ("rainbow 6": Rainbow (6 Suits) before Dark Rainbow).
    const found = [...holding.filter((name) => startsAs(name, typed)), ...holding.filter((name) => !startsAs(name, typed))];
    if (!found.length) {
      count.textContent = `No variant has all of these words; still ${select.value}.`;
      return;
    }
    const chosen = found.includes(select.value) ? select.value : found[0];
    select.replaceChildren(...found.map((name) => h("option", { value: name, selected: name === chosen }, name)));
    select.value = chosen;
    count.textContent = found.length === all.length ? `${all.length} variants` : `${found.length} of ${all.length} variants`;
  });
  return h(
    "div",
    { class: "variant-picker" },
    labelled("find a variant", search),
    labelled(select.dataset.label, select),
    count,
  );
}

function startsAs(name, typed) {
  return name.toLowerCase().replace(/[()]/g, "").startsWith(typed.replace(/[()]/g, ""));
}

function optionInput(name, schema) {
  const id = `create-${name}`;
  let input;
  if (name === "starting_seat") {
    input = h("select", { name, id });
  } else if (schema.enum) {
    input = h("select", { name, id }, schema.enum.map((value) => h("option", { value, selected: value === schema.default }, value)));
  } else if (schema.type === "boolean") {
    input = h("input", { type: "checkbox", name, id, checked: Boolean(schema.default) });
  } else {
    input = numberInput(name, schema);
  }
  input.dataset.label = LABELS[name] || name.replaceAll("_", " ");
  return input;
}

// The first player, by seat counted from 1 as everywhere on the page (the API's 0-based index
// is the option's value).
function drawStartingSeats(select, count) {
  const chosen = Number(select.value) || 0;
  select.replaceChildren(
    ...Array.from({ length: count }, (_, seat) => h("option", { value: seat, selected: seat === chosen }, `seat ${seat + 1}`)),
  );
}

function preferred(values, first) {
  return values.includes(first) ? [first, ...values.filter((value) => value !== first)] : values;
}

function numberInput(name, schema) {
  return h("input", {
    type: "number",
    name,
    id: `create-${name.replace(".", "-")}`,
    min: schema.minimum,
    max: schema.maximum,
    step: 1,
    value: schema.default ?? schema.minimum,
    inputmode: "numeric",
  });
}

function labelled(text, input) {
  return h("label", { class: input.type === "checkbox" ? "check" : null }, h("span", {}, text), input);
}

function seatRow(seat, strategies, kept) {
  const [choice, name] = kept || ["open", ""];
  const select = h(
    "select",
    { name: `seat-${seat}`, id: `seat-${seat}`, "aria-label": `Seat ${seat + 1}` },
    h("option", { value: "open" }, "open to anyone"),
    h("option", { value: "account" }, "kept for…"),
    strategies.map((strategy) =>
      h("option", { value: `bot:${strategy}` }, strategy === "hat" ? "hat bot (only with other hat bots)" : `${strategy} bot`),
    ),
  );
  select.value = choice;
  const account = h("input", { name: `seat-${seat}-account`, "aria-label": `Name kept at seat ${seat + 1}`, placeholder: "name", value: name });
  const row = h("div", { class: "seat-row", dataset: { seat } }, h("span", {}, `Seat ${seat + 1}`), select, account);
  const show = () => (account.hidden = select.value !== "account");
  select.addEventListener("change", show);
  show();
  return row;
}

// ---- import a hanab.live game -----------------------------------------------------------

function importForm(signal) {
  const file = h("input", { type: "file", id: "import-file", accept: ".json,application/json" });
  const text = h("textarea", { id: "import-text", rows: 3, placeholder: "…or paste the JSON here" });
  const form = h(
    "form",
    { class: "import", "aria-labelledby": "import-title" },
    h("h2", { id: "import-title" }, "Import a hanab.live game"),
    labelled("file", file),
    text,
    h("button", { type: "submit" }, "Import and replay"),
  );
  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    clearProblem();
    const raw = file.files.length ? await file.files[0].text() : text.value;
    let body;
    try {
      body = JSON.parse(raw);
    } catch {
      showProblem({ detail: "That is not JSON: choose a hanab.live game file or paste its JSON." });
      return;
    }
    try {
      const game = await api("POST", "/imports", { body, signal });
      location.hash = `#/replay/${game.id}/0`;
    } catch (error) {
      if (error.name !== "AbortError") showProblem(error);
    }
  });
  return form;
}
