"""The move the server makes for a seat whose turn timed out (time control `on_timeout: move`).

It should cost the team as little as possible while its player is away: never a play (a blind
play risks a strike), preferably a discard of the oldest card nobody has clued, else a clue to
the next player (any clue the rules allow), else a discard of the oldest card, else any legal
action. Like every strategy, it sees only the seat's view.
"""

import random

from ..engine import Action, ColorClue, Discard, RankClue, View


def choose(view: View, rng: random.Random) -> Action:
    legal = view.legal_actions
    discards = {action.card: action for action in legal if isinstance(action, Discard)}
    oldest_first = list(reversed(view.my_hand))
    for card in oldest_first:
        if not card.clues and card.id in discards:
            return discards[card.id]
    next_seat = (view.seat + 1) % view.options.players
    clues = [action for action in legal if isinstance(action, (ColorClue, RankClue))]
    to_next = [clue for clue in clues if clue.target == next_seat]
    if to_next or clues:
        return rng.choice(to_next or clues)
    for card in oldest_first:
        if card.id in discards:
            return discards[card.id]
    return rng.choice(legal)
