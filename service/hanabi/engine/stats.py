"""The table's running numbers, as hanab.live shows them beside the fireworks.

- best score still possible: `GameState.max_score` (per suit, the highest rank whose copies
  are not all lost).
- pace: how many more cards the team can discard and still reach that score,
  score + cards in the deck + players - best score (hanab.live's formula); None once the deck
  is empty or the game is over. Below 0 the best score is out of reach.
- efficiency: cards "gotten" (played, or touched by a clue and still in a hand) per clue
  spent (clues given, and misplays, each of which costs the clue a discard would have won: half
  a clue in Clue Starved); None before any clue is spent.
"""

from typing import NamedTuple

from .events import ClueEvent, Event
from .state import GameState


class TableStats(NamedTuple):
    max_score: int
    pace: int | None
    efficiency: float | None
    cards_gotten: int
    clues_spent: float


class StatsMemo:
    """What `table_stats` computed for one state of a game, reused for the next: the best score
    while no card was lost or played since, and the count of clues given so far."""

    __slots__ = ("lost", "fireworks", "best", "history", "clues")

    def __init__(self) -> None:
        self.lost: tuple[int, ...] | None = None
        self.fireworks: tuple[int, ...] | None = None
        self.history: tuple[Event, ...] | None = None
        self.best = self.clues = 0


def table_stats(state: GameState, memo: StatsMemo | None = None) -> TableStats:
    best = _best_score(state, memo)
    fireworks_total = sum(state.fireworks)
    pace = None
    if not state.is_over and state.deck_size > 0:
        pace = fireworks_total + state.deck_size + state.lookups.players - best
    card_clues = state.card_clues
    clued_in_hands = sum([1 for hand in state.hands for card in hand if card_clues[card]])
    gotten = fireworks_total + clued_in_hands
    strike_cost = 0.5 if state.lookups.clue_starved else 1
    spent = _clues_given(state.history, memo) + state.strikes * strike_cost
    efficiency = round(gotten / spent, 2) if spent else None
    return TableStats(best, pace, efficiency, gotten, spent)


def _best_score(state: GameState, memo: StatsMemo | None) -> int:
    if memo is None or state.lookups.ordered_by_rule:
        return state.max_score
    if memo.lost is not state.lost or memo.fireworks is not state.fireworks:
        memo.lost, memo.fireworks, memo.best = state.lost, state.fireworks, state.max_score
    return memo.best


def _clues_given(history: tuple[Event, ...], memo: StatsMemo | None) -> int:
    if memo is None:
        return sum([1 for event in history if type(event) is ClueEvent])
    known = memo.history
    start = 0
    if known is not None and len(known) <= len(history) and (not known or history[len(known) - 1] is known[-1]):
        start = len(known)
        count = memo.clues
    else:
        count = 0
    for i in range(start, len(history)):
        if type(history[i]) is ClueEvent:
            count += 1
    memo.history, memo.clues = history, count
    return count
