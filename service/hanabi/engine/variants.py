"""Suits, clue colors and the five variants of the rulebooks.

Names follow hanab.live so that games move between the two services unchanged; the suit
the rulebooks call white is hanab.live's index-4 suit (their "Purple").
"""

from dataclasses import dataclass
from functools import cached_property

from .errors import InvalidOptions

RANKS = (1, 2, 3, 4, 5)
MAX_RANK = 5
STANDARD_COPIES = (1, 1, 1, 2, 2, 3, 3, 4, 4, 5)
ONE_OF_EACH = (1, 2, 3, 4, 5)

BASE_COLORS = ("red", "yellow", "green", "blue", "white")


@dataclass(frozen=True)
class Suit:
    name: str
    ranks: tuple[int, ...]
    """The cards of this suit in the deck, one entry per copy."""
    own_color: bool = True
    """True when the suit has a clue color of its own; False for rainbow suits."""
    touched_by_all_colors: bool = False
    """True for rainbow suits: every color clue touches them."""

    def copies(self, rank: int) -> int:
        return self.ranks.count(rank)


@dataclass(frozen=True)
class Variant:
    name: str
    suits: tuple[Suit, ...]

    @cached_property
    def clue_colors(self) -> tuple[str, ...]:
        """Colors a clue may name, in hanab.live's index order (rainbow suits have none)."""
        return tuple(s.name for s in self.suits if s.own_color)

    @property
    def max_score(self) -> int:
        return MAX_RANK * len(self.suits)

    def color_touches_suit(self, color: int, suit: int) -> bool:
        s = self.suits[suit]
        return s.touched_by_all_colors or (s.own_color and self.clue_colors[color] == s.name)

    def deck_size(self) -> int:
        return sum(len(s.ranks) for s in self.suits)


def _base_suits() -> tuple[Suit, ...]:
    return tuple(Suit(name, STANDARD_COPIES) for name in BASE_COLORS)


VARIANTS: dict[str, Variant] = {
    v.name: v
    for v in (
        Variant("No Variant", _base_suits()),
        Variant("6 Suits", _base_suits() + (Suit("multicolor", STANDARD_COPIES),)),
        Variant("Black (6 Suits)", _base_suits() + (Suit("black", ONE_OF_EACH),)),
        Variant(
            "Rainbow (6 Suits)",
            _base_suits()
            + (Suit("rainbow", STANDARD_COPIES, own_color=False, touched_by_all_colors=True),),
        ),
        Variant(
            "Dark Rainbow (6 Suits)",
            _base_suits()
            + (Suit("dark rainbow", ONE_OF_EACH, own_color=False, touched_by_all_colors=True),),
        ),
    )
}


def get_variant(name: str) -> Variant:
    try:
        return VARIANTS[name]
    except (KeyError, TypeError):
        known = ", ".join(f'"{n}"' for n in VARIANTS)
        raise InvalidOptions("unknown_variant", f'Unknown variant "{name}"; known variants are {known}.') from None
