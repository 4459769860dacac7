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

from .state import ClueEvent, GameState


class TableStats(NamedTuple):
    max_score: int
    pace: int | None
    efficiency: float | None
    cards_gotten: int
    clues_spent: float


def table_stats(state: GameState) -> TableStats:
    best = state.max_score
    pace = None
    if not state.is_over and state.deck_size > 0:
        pace = state.fireworks_total + state.deck_size + state.table.players - best
    clued_in_hands = sum(1 for hand in state.hands for card in hand if state.card_clues[card])
    gotten = state.fireworks_total + clued_in_hands
    strike_cost = 0.5 if state.table.clue_starved else 1
    spent = sum(1 for event in state.history if isinstance(event, ClueEvent)) + state.strikes * strike_cost
    efficiency = round(gotten / spent, 2) if spent else None
    return TableStats(best, pace, efficiency, gotten, spent)
