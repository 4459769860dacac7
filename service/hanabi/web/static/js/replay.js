// Replays: a finished game (played here or imported from hanab.live) turn by turn, every card
// shown. The server computes each turn's table (GET /v1/games/{id}/replay?turn=N).

import { api } from "./api.js";
import { endBanner, renderBoard, scrollLogs } from "./board.js";
import { h, replaceContent, showProblem } from "./dom.js";
import { optionsSentence } from "./lobby.js";
import { eventSentence, seatNames } from "./words.js";

export function mountReplay(container, gameId, startTurn) {
  const controller = new AbortController();
  const { signal } = controller;
  let summary = null;
  let table = null;
  let wanted = startTurn;

  async function show(turn) {
    wanted = turn;
    try {
      summary ??= await api("GET", `/games/${gameId}`, { signal });
      const answer = await api("GET", `/games/${gameId}/replay?turn=${turn}`, { signal });
      if (wanted !== turn) return;
      table = answer;
      history.replaceState(null, "", `#/replay/${gameId}/${turn}`);
      render();
    } catch (error) {
      if (error.name === "AbortError") return;
      showProblem(error);
      if (!table) replaceContent(container, h("p", {}, h("a", { href: "#/" }, "Back to the lobby")));
    }
  }

  // Steps count from the turn last asked for, so that quick presses add up.
  function step(turn) {
    if (!table) return;
    const next = Math.max(0, Math.min(table.turns, turn));
    if (next !== wanted) show(next);
  }

  function render() {
    const names = seatNames(summary);
    const last = [...table.history].reverse().find((event) => event.kind !== "reorder");
    const slider = h("input", {
      type: "range",
      min: 0,
      max: table.turns,
      value: table.turn,
      "aria-label": "Turn",
      dataset: { focus: "slider" },
      onchange: (event) => step(Number(event.target.value)),
    });
    replaceContent(
      container,
      h(
        "section",
        { class: "game replay", "aria-labelledby": "replay-title", dataset: { turn: table.turn, turns: table.turns } },
        h(
          "div",
          { class: "game-head" },
          h("h1", { id: "replay-title" }, `Replay of game ${summary.id}`),
          h("p", { class: "options" }, optionsSentence(summary)),
        ),
        h(
          "nav",
          { class: "stepper", "aria-label": "Turns" },
          h("button", { type: "button", dataset: { focus: "first" }, "aria-label": "First turn", onclick: () => step(0) }, "«"),
          h("button", { type: "button", dataset: { focus: "previous" }, "aria-label": "Previous turn", onclick: () => step(wanted - 1) }, "◀"),
          h("span", { class: "turn-counter", "aria-live": "polite" }, `Turn ${table.turn} of ${table.turns}`),
          h("button", { type: "button", dataset: { focus: "next" }, "aria-label": "Next turn", onclick: () => step(wanted + 1) }, "▶"),
          h("button", { type: "button", dataset: { focus: "last" }, "aria-label": "Last turn", onclick: () => step(table.turns) }, "»"),
          slider,
        ),
        h(
          "p",
          { class: "last-move" },
          table.turn === 0 ? "The cards are dealt." : last ? eventSentence(table, names, last) : "",
        ),
        endBanner(table),
        renderBoard({ view: table, names, mySeat: null, moves: null, clocks: null }),
        h("p", { class: "hint" }, "Keys: ← and → step one turn, Home and End jump to the deal and the end."),
      ),
    );
    scrollLogs(container);
  }

  function onKey(event) {
    if (event.target.closest("input, textarea, select") || event.altKey || event.ctrlKey || event.metaKey) return;
    const moves = { ArrowLeft: -1, ArrowRight: 1 };
    if (event.key in moves) step(wanted + moves[event.key]);
    else if (event.key === "Home") step(0);
    else if (event.key === "End") step(table ? table.turns : wanted);
    else return;
    event.preventDefault();
  }
  document.addEventListener("keydown", onKey);
  show(startTurn);

  return () => {
    controller.abort();
    document.removeEventListener("keydown", onKey);
  };
}
