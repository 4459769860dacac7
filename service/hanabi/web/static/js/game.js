// One game: its waiting room while in the lobby, then the table. Updates arrive by long
// polling the game's event log; every click is a request whose refusal shows the server's
// sentence.

import { api, inSight, session, sleep, whileInSight } from "./api.js";
import { endBanner, renderBoard, scrollLogs } from "./board.js";
import { chatBox } from "./chat.js";
import { clearProblem, formatDuration, h, replaceContent, showProblem } from "./dom.js";
import { keyboardHelp, keyboardPlay } from "./keys.js";
import { optionsSentence } from "./lobby.js";
import { lookAgain } from "./notice.js";
import { eventSentence, seatNames } from "./words.js";

const LONG_POLL_SECONDS = 25;

// Others' moves (bots answer within a fraction of a second) are shown one at a time, each for
// this many seconds at least, so that a person follows them as at a real table; the person
// chooses it at the table (kept in this browser).
const PACE_KEY = "hanabi.pace";
export const PACES = [0, 1, 1.5, 2, 3, 5];
const DEFAULT_PACE = 1.5;

export function pace() {
  const kept = Number(localStorage.getItem(PACE_KEY));
  return localStorage.getItem(PACE_KEY) !== null && PACES.includes(kept) ? kept : DEFAULT_PACE;
}

export function mountGame(container, gameId) {
  const controller = new AbortController();
  const { signal } = controller;
  const me = session();
  const state = {
    summary: null,
    view: null,
    lastSeq: 0,
    busy: false,
    announce: null,
    shut: null,
    serverMoves: new Map(),
    notes: null,
    noteDrafts: new Map(),
    showHelp: false,
    // Others' moves waiting to be shown: { view, upTo } (upTo: the last history entry to show of
    // a view that holds later moves too, or null for the whole view).
    steps: [],
    shownAt: 0,
    stepTimer: null,
  };
  const chat = chatBox(gameId, signal);

  async function load({ now = false } = {}) {
    const summary = await api("GET", `/games/${gameId}`, { signal });
    let view = null;
    if (summary.status !== "lobby") {
      try {
        view = await api("GET", `/games/${gameId}/view`, { signal });
      } catch (error) {
        if (error.code !== "not_a_player") throw error;
        state.shut = error;
      }
    }
    if (view && state.notes === null) await loadNotes();
    state.summary = summary;
    if (view || (summary.status === "lobby" && (seatedIn(summary) || summary.spectators))) chat.start();
    if (view && state.view && !now) receive(view);
    else show(view);
  }

  // ---- others' moves, one at a time ----

  function show(view) {
    clearTimeout(state.stepTimer);
    state.stepTimer = null;
    state.steps = [];
    state.view = view;
    state.shownAt = Date.now();
    render();
  }

  // A newer view from the server: each move it adds becomes a step of its own.
  function receive(view) {
    const last = state.steps.length ? state.steps[state.steps.length - 1].view : state.view;
    if (view.version <= last.version) return;
    if (pace() === 0) return show(view);
    const from = last.history.length;
    for (let index = from; index < view.history.length - 1; index++) {
      if (view.history[index].kind !== "reorder") state.steps.push({ view, upTo: index });
    }
    state.steps.push({ view, upTo: null });
    pump();
  }

  function pump() {
    if (state.stepTimer !== null || !state.steps.length) return;
    const wait = state.shownAt + pace() * 1000 - Date.now();
    if (wait > 0) {
      state.stepTimer = setTimeout(() => {
        state.stepTimer = null;
        pump();
      }, wait);
      return;
    }
    const { view, upTo } = state.steps.shift();
    state.view = upTo === null ? view : partView(view, upTo, state.view.version);
    state.shownAt = Date.now();
    render();
    pump();
  }

  // The answer to your own move, shown at once. Others' moves after it that the long poll brought
  // first stay queued, and a table that already shows them is not taken back to it (a slow
  // answer arriving after the teammate's move would otherwise hide that move until the next one).
  function showOwn(view) {
    const reach = ({ view: queued, upTo }) => (upTo === null ? queued.history.length : upTo + 1);
    if (state.view && state.view.history.length > view.history.length) return;
    const later = state.steps.filter((step) => reach(step) > view.history.length);
    show(view);
    state.steps = later;
    pump();
  }

  // A view that holds later moves, shown as far as its history entry `upTo`: the log and the
  // last clue's marks end there, and nothing can be played (it keeps the version shown before,
  // so a key pressed meanwhile is refused as out of date, never played on what was not seen).
  function partView(view, upTo, version) {
    return { ...view, history: view.history.slice(0, upTo + 1), legal_actions: [], version, is_over: false, partial: true };
  }


  async function loadNotes() {
    try {
      const answer = await api("GET", `/games/${gameId}/notes`, { signal });
      state.notes = new Map(answer.notes.map((entry) => [entry.card, entry.text]));
    } catch (error) {
      if (error.name === "AbortError") throw error;
      state.notes = new Map();
    }
  }

  async function saveNote(card, text) {
    try {
      await api("PUT", `/games/${gameId}/notes/${card}`, { body: { text }, signal });
      if (text) state.notes.set(card, text);
      else state.notes.delete(card);
    } catch (error) {
      if (error.name !== "AbortError") showProblem(error);
    }
    render();
  }

  // Reads the whole event log once (for the moves the server made for a seat: the view's
  // history does not say), then long-polls it; new events reload the summary and the view.
  async function follow() {
    let first = true;
    while (!signal.aborted && !state.shut && (first || state.summary.status !== "finished")) {
      try {
        await inSight(signal);
        const poll = whileInSight(signal);
        const page = await api(
          "GET",
          `/games/${gameId}/events?after=${state.lastSeq}&limit=500&wait=${first ? 0 : LONG_POLL_SECONDS}`,
          { signal: poll.signal },
        ).finally(poll.release);
        for (const event of page.events) {
          if (event.by) state.serverMoves.set(event.turn, event.by);
        }
        state.lastSeq = page.last_seq;
        if (page.has_more) continue;
        if (first) {
          first = false;
          if (state.serverMoves.size) render();
        } else if (page.events.length) {
          await load();
        }
      } catch (error) {
        if (error.name === "AbortError") {
          if (signal.aborted) return;
          continue; // out of sight: the poll waits until the tab is in sight again
        }
        if (error.code === "not_a_player") {
          state.shut = error;
          render();
          return;
        }
        await sleep(Math.max(2, error.retryAfter || 0) * 1000, signal).catch(() => {});
      }
    }
  }

  async function request(method, path, body) {
    if (state.busy) return null;
    state.busy = true;
    clearProblem();
    try {
      return await api(method, path, { body, signal });
    } catch (error) {
      if (error.name !== "AbortError") showProblem(error);
      if (error.code === "version_conflict") await load({ now: true }).catch(() => {});
      return null;
    } finally {
      state.busy = false;
    }
  }

  async function act(action, { expectVersion = true } = {}) {
    const body = expectVersion ? { ...action, expected_version: state.view.version } : action;
    const view = await request("POST", `/games/${gameId}/actions`, body);
    if (view) {
      showOwn(view);
      if (action.kind !== "reorder") lookAgain();
    }
  }

  const moves = {
    clue: (target, kind, value) =>
      act(kind === "color" ? { kind: "color_clue", target, color: value } : { kind: "rank_clue", target, rank: value }),
    // A call is chosen for each play: it goes back to "no call" once sent.
    play: (card) => {
      const announce = state.announce;
      state.announce = null;
      return act(announce === null ? { kind: "play", card } : { kind: "play", card, announce });
    },
    discard: (card) => act({ kind: "discard", card }),
    reorder: (cards) => act({ kind: "reorder", cards }, { expectVersion: false }),
  };

  async function seating(verb, body) {
    const summary = await request("POST", `/games/${gameId}/${verb}`, body);
    if (summary) await load();
  }

  // Once the page has left this game (another game, the lobby), nothing of it is drawn: a move
  // waiting its turn to be shown, or an answer that comes late, would cover the screen that
  // replaced it, and a click there would act in this game.
  function render() {
    if (signal.aborted) return;
    const { summary } = state;
    replaceContent(container, () => (summary.status === "lobby" ? room(summary) : table()));
    scrollLogs(container);
    chat.restoreScroll();
    tick();
  }

  const keys = keyboardPlay(() => {
    const { view } = state;
    if (!view || view.seat === null || view.is_over) return null;
    return { view, moves, toggleHelp };
  });

  function toggleHelp() {
    state.showHelp = !state.showHelp;
    render();
  }

  function isMe(name) {
    return Boolean(me && name && name.toLowerCase() === me.name.toLowerCase());
  }

  function seatedIn(summary) {
    return summary.seats.find((seat) => seat.kind === "account" && isMe(seat.account));
  }

  // The waiting room: the seats, the creator's buttons, and the chat for whoever may read it.
  function room(summary) {
    const mine = seatedIn(summary);
    const creator = isMe(summary.creator);
    return h(
      "section",
      { class: "room", "aria-labelledby": "room-title" },
      h("h1", { id: "room-title" }, `Game ${summary.id} — waiting for players`),
      h("p", { class: "options" }, optionsSentence(summary)),
      (summary.warnings || []).map((warning) => h("p", { class: "warning", role: "note", dataset: { code: warning.code } }, warning.detail)),
      h(
        "ol",
        { class: "seats" },
        summary.seats.map((seat) => {
          const free = seat.kind === "open" || (seat.kind === "reserved" && isMe(seat.account));
          return h(
            "li",
            { dataset: { seat: seat.seat, kind: seat.kind } },
            h("span", { class: "who" }, seatLabel(seat)),
            free && !mine
              ? h("button", { type: "button", dataset: { focus: `join-${seat.seat}` }, onclick: () => seating("join", { seat: seat.seat }) }, `Sit at seat ${seat.seat + 1}`)
              : null,
          );
        }),
      ),
      h(
        "div",
        { class: "buttons" },
        mine ? h("button", { type: "button", dataset: { focus: "leave" }, onclick: () => seating("leave") }, "Leave my seat") : null,
        creator ? h("button", { type: "button", class: "primary", dataset: { focus: "start" }, onclick: () => seating("start") }, "Start the game") : null,
        creator ? h("button", { type: "button", dataset: { focus: "abort" }, onclick: () => seating("abort") }, "Cancel the game") : null,
      ),
      h("p", { class: "hint" }, summary.start_when_full ? "The game starts by itself when every seat is taken." : "The creator starts the game once every seat is taken."),
      chat.running() ? chat.element : null,
    );
  }

  function table() {
    const { summary, view } = state;
    if (!view) {
      return h(
        "section",
        { class: "shut" },
        h("h1", {}, `Game ${summary.id}`),
        h("p", {}, state.shut ? state.shut.detail : "Loading…"),
        h("p", {}, h("a", { href: "#/" }, "Back to the lobby")),
      );
    }
    const names = seatNames(summary);
    const mySeat = view.seat;
    const playing = mySeat !== null && !view.is_over;
    const spectating = mySeat === null && !view.is_over;
    return h(
      "section",
      {
        class: "game",
        "aria-labelledby": "game-title",
        dataset: view.partial
          ? { version: "", status: "running", showing: view.history.length }
          : { version: view.version, status: view.is_over ? "over" : "running" },
      },
      h(
        "div",
        { class: "game-head" },
        h("h1", { id: "game-title" }, `Game ${summary.id}`, spectating ? h("span", { class: "spectating" }, " — watching") : null),
        h("p", { class: "turn-line", "aria-live": "polite" }, turnLine(view, names)),
        h("p", { class: "options" }, optionsSentence(summary)),
      ),
      endBanner(view),
      view.is_over ? h("p", { class: "after" }, h("a", { href: `#/replay/${summary.id}/0`, class: "button" }, "Watch the replay")) : null,
      playing && state.showHelp ? keyboardHelp(view, names, toggleHelp) : null,
      playing && view.options.timed_display ? announceChooser(view) : null,
      renderBoard({
        view,
        names,
        mySeat,
        moves: playing ? moves : null,
        clocks: clocks(summary, view),
        serverMoves: state.serverMoves,
        notes: state.notes,
        noteDrafts: state.noteDrafts,
        saveNote,
        chat: chat.element,
      }),
      playing
        ? h(
            "p",
            { class: "quit" },
            h("button", { type: "button", dataset: { focus: "help" }, "aria-expanded": String(state.showHelp), onclick: toggleHelp }, "Keyboard shortcuts (?)"),
            " ",
            h("button", { type: "button", dataset: { focus: "resign" }, onclick: resign }, "End the game for everyone"),
          )
        : null,
      view.is_over ? null : paceChooser(),
    );
  }

  function paceChooser() {
    const current = pace();
    return h(
      "label",
      { class: "pace-setting" },
      "Show others' moves ",
      h(
        "select",
        {
          dataset: { focus: "pace" },
          onchange: (event) => {
            localStorage.setItem(PACE_KEY, event.target.value);
            clearTimeout(state.stepTimer);
            state.stepTimer = null;
            pump();
          },
        },
        PACES.map((seconds) => h("option", { value: seconds, selected: seconds === current }, seconds === 0 ? "at once" : `one every ${seconds} s`)),
      ),
    );
  }

  function resign() {
    if (window.confirm("End this game for everyone? It will score 0.")) seating("resign");
  }

  function announceChooser(view) {
    return h(
      "label",
      { class: "announce" },
      "Call a suit when you play: ",
      h(
        "select",
        {
          dataset: { focus: "announce" },
          onchange: (event) => (state.announce = event.target.value === "" ? null : Number(event.target.value)),
        },
        h("option", { value: "", selected: state.announce === null }, "no call"),
        view.suits.map((suit, index) => h("option", { value: index, selected: state.announce === index }, suit)),
      ),
    );
  }

  // Time left: the current turn's deadline counts down; other seats show their clock banks.
  function tick() {
    const line = container.querySelector(".time-left");
    if (!line || !state.view?.deadline) return;
    line.textContent = ` · ${formatDuration((Date.parse(state.view.deadline) - Date.now()) / 1000)} left`;
  }
  const ticker = setInterval(tick, 1000);

  load()
    .then(follow)
    .catch((error) => {
      if (error.name === "AbortError") return;
      showProblem(error);
      replaceContent(container, h("p", {}, h("a", { href: "#/" }, "Back to the lobby")));
    });

  return () => {
    controller.abort();
    clearTimeout(state.stepTimer);
    clearInterval(ticker);
    keys.stop();
  };
}

function turnLine(view, names) {
  if (view.partial) {
    const move = view.history[view.history.length - 1];
    return [`Turn ${move.turn + 1} · `, h("span", { class: "catching-up" }, eventSentence(view, names, move), " More moves follow.")];
  }
  if (view.is_over) return `Finished after ${view.turn} turns.`;
  const who = view.current_seat === view.seat ? "Your turn" : `${names[view.current_seat]}'s turn`;
  return [`Turn ${view.turn + 1} · `, h("strong", { class: "whose" }, who), view.deadline ? h("span", { class: "time-left" }) : null];
}

function clocks(summary, view) {
  if (!summary.clock || view.is_over) return null;
  return summary.clock.map((seconds, seat) => (seat === view.current_seat ? null : formatDuration(seconds)));
}

export function seatLabel(seat) {
  if (seat.kind === "open") return `Seat ${seat.seat + 1}: open`;
  if (seat.kind === "reserved") return `Seat ${seat.seat + 1}: kept for ${seat.account}`;
  return `Seat ${seat.seat + 1}: ${seat.name}`;
}
