// The game's events and states in words. Everything said here comes from the event's own
// fields (who, what, whether a play succeeded): the page decides nothing.

export function seatNames(summary) {
  return summary.seats.map((seat) => seat.name || seat.account || `seat ${seat.seat + 1}`);
}

// Up or Down's START card has rank 7 (hanab.live's number); it is drawn as "S", as there.
export const START_RANK = 7;

// A rank as a card shows it: its number, or "S" for START.
export function rankLabel(rank) {
  return rank === START_RANK ? "S" : String(rank);
}

export function rankWord(rank) {
  return rank === START_RANK ? "START" : String(rank);
}

export function cardName(view, suit, rank) {
  return `${view.suits[suit]} ${rankWord(rank)}`;
}

// A clue's name: its color, or what the view calls its rank ("3"; "odd" and "even" in Odds and
// Evens). A clue whose value the view hides (Cow & Pig, Duck) is said as hanab.live says it.
export function clueName(view, kind, value) {
  if (value === null) return kind === "color" ? "moo" : kind === "rank" ? "oink" : "quack";
  if (kind === "color") return view.clue_colors[value];
  const index = view.clue_ranks.indexOf(value);
  return index >= 0 ? view.clue_rank_names[index] : String(value);
}

// A rank clue button's text: the number, or the name's first letter ("O", "E"), as hanab.live shows them.
export function rankClueLabel(view, rank) {
  const name = clueName(view, "rank", rank);
  return /^\d+$/.test(name) ? name : name[0].toUpperCase();
}

// Which way a firework runs (the view's `directions`), in words.
export function directionWords(direction) {
  if (direction === "up") return "runs up";
  if (direction === "down") return "runs down";
  return "up or down: not chosen yet";
}

// Whether a history event is a clue: its kind is color_clue or rank_clue, or clue while the
// clue's kind is hidden from the view's seat (Duck).
export function isClue(event) {
  return event.kind === "color_clue" || event.kind === "rank_clue" || event.kind === "clue";
}

export function eventSentence(view, names, event) {
  const who = names[event.seat] ?? "The server";
  switch (event.kind) {
    case "color_clue":
    case "rank_clue":
    case "clue": {
      const target = names[event.target];
      const count = event.touched.length;
      if (event.value === null) {
        const cards = count === 1 ? "1 card" : `${count} cards`;
        return `${who} ${clueName(view, event.clue_kind, null)}s at ${cards} of ${target}'s.`;
      }
      if (event.clue_kind === "color") {
        const color = view.clue_colors[event.value];
        if (count === 0) return `${who} told ${target}: no card is ${color}.`;
        return `${who} told ${target}: ${count === 1 ? "1 card is" : `${count} cards are`} ${color}.`;
      }
      const rank = clueName(view, "rank", event.value);
      const a = /^\d+$/.test(rank) ? "a " : "";
      if (count === 0) return `${who} told ${target}: no card is ${a}${rank}.`;
      return `${who} told ${target}: ${count === 1 ? `1 card is ${a}` : `${count} cards are `}${rank}.`;
    }
    case "play": {
      if (event.success === null) return `${who} threw a card into the hole.`;
      const card = cardName(view, event.suit, event.rank);
      const called = event.announce === null || event.announce === undefined ? "" : `, calling ${view.suits[event.announce]}`;
      return event.success ? `${who} played ${card}${called}.` : `${who} misplayed ${card}${called}: a strike.`;
    }
    case "discard":
      return `${who} discarded ${cardName(view, event.suit, event.rank)}.`;
    case "reorder":
      return `${who} rearranged their hand.`;
    case "end_game":
      if (event.condition === "timeout") return `${who === "The server" ? "A player" : who} ran out of time: the game ends.`;
      return event.seat >= 0 ? `${who} ended the game.` : "The game was ended.";
    default:
      return `${who}: ${event.kind}.`;
  }
}

const END_CONDITIONS = {
  normal: "the game is over",
  strikeout: "the fuse burned out (too many strikes)",
  timeout: "time ran out",
  terminated: "the game was ended early",
  all_or_nothing_fail: "the display could no longer be perfect",
  all_or_nothing_softlock: "nobody could move any more",
};

export function endSentence(condition) {
  return END_CONDITIONS[condition] || condition.replaceAll("_", " ");
}
