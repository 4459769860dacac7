"""Card knowledge a seat can derive from its view: clue information plus card counting."""

from collections import Counter

from .deck import Card
from .view import View


def unseen_counts(view: View) -> Counter[Card]:
    """How many copies of each card the viewer has not seen (`View.unseen`, by identity; those
    with none left unseen are left out)."""
    return Counter({Card(c.suit, c.rank): n for c, n in zip(view.deck_composition, view.unseen) if n > 0})


def possible_cards(view: View, card_id: int, unseen: Counter[Card] | None = None) -> dict[Card, int]:
    """The identities a card in the viewer's hand can still have, with how many unseen copies
    of each remain: the clues' suits x ranks, less every copy the viewer can see."""
    card = next((c for c in view.my_hand if c.id == card_id), None)
    if card is None:
        raise ValueError(f"card {card_id} is not in the viewer's hand")
    unseen = unseen_counts(view) if unseen is None else unseen
    return {
        Card(s, r): unseen[Card(s, r)]
        for s in card.possible_suits
        for r in card.possible_ranks
        if unseen[Card(s, r)] > 0
    }
