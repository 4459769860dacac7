"""Suits as hanab.live defines them (how clues touch each, how many cards it has), ranks and
the identity numbering of cards."""

from collections.abc import Iterable
from dataclasses import dataclass, replace
from typing import Any

RANKS = (1, 2, 3, 4, 5)
MAX_RANK = 5
STANDARD_COPIES = (1, 1, 1, 2, 2, 3, 3, 4, 4, 5)
ONE_OF_EACH = (1, 2, 3, 4, 5)
START = 7
"""hanab.live's rank number for the START card of Up or Down."""
ODDS_AND_EVENS_NAMES = {1: "odd", 2: "even"}
RANK_SPAN = 6
"""Identities are numbered suit * RANK_SPAN + rank (rank 1..5; 0 for START), as bits of an int."""


def identity_index(suit: int, rank: int) -> int:
    return suit * RANK_SPAN + (0 if rank == START else rank)


BASE_COLORS = ("red", "yellow", "green", "blue", "white")
"""The clue colors of No Variant (the rulebooks' names)."""


@dataclass(frozen=True)
class SuitKind:
    """A suit as hanab.live defines it: how clues touch it and how many cards it has."""

    name: str
    """hanab.live's name (the one its variant names use)."""
    abbreviation: str
    fill: str
    """A CSS color for drawing it."""
    colors: tuple[str, ...] = ()
    """hanab.live clue colors that touch it (its own color unless said otherwise)."""
    all_colors: bool = False
    no_colors: bool = False
    all_ranks: bool = False
    no_ranks: bool = False
    prism: bool = False
    """Touched by the color whose index is (rank - 1) modulo the number of clue colors."""
    one_of_each: bool = False
    inverted: bool = False
    """Orange: playing a card of this suit discards it, and discarding it plays it."""
    reversed: bool = False
    """Played from 5 down to 1, with three 5s and one 1."""
    display: str | None = None

    @property
    def display_name(self) -> str:
        return self.display or self.name

    def same_clue_behaviour(self, other: "SuitKind") -> bool:
        return (self.all_colors, self.all_ranks, self.no_colors, self.no_ranks, self.prism) == (
            other.all_colors,
            other.all_ranks,
            other.no_colors,
            other.no_ranks,
            other.prism,
        )


def _kind(name: str, abbreviation: str, fill: str, colors: Iterable[str] | None = None, **flags: Any) -> SuitKind:
    if colors is None:
        special = flags.get("all_colors") or flags.get("no_colors") or flags.get("prism")
        colors = () if special else (name,)
    return SuitKind(name, abbreviation, fill, tuple(colors), **flags)


COLOR_FILLS = {
    "Red": "#d93b3b",
    "Yellow": "#e8c21c",
    "Green": "#2e9e4f",
    "Blue": "#2f6fd6",
    "Purple": "#7b3fb5",
    "Teal": "#13a8a8",
    "Black": "#1d1d1d",
    "Pink": "#ff69b4",
    "Brown": "#7a5230",
    "Orange": "#ff8800",
}
"""hanab.live's clue colors, in no particular order (a variant orders its own)."""

BASIC_SUITS = {
    name: _kind(name, name[0], fill)
    for name, fill in COLOR_FILLS.items()
    if name in ("Red", "Yellow", "Green", "Blue", "Purple", "Teal")
}

SPECIAL_SUITS = {
    s.name: s
    for s in (
        _kind("Black", "K", "#1d1d1d", one_of_each=True),
        _kind("Rainbow", "M", "rainbow", all_colors=True),
        _kind("Pink", "I", "#ff69b4", all_ranks=True),
        _kind("White", "W", "#e6e6e6", no_colors=True),
        _kind("Brown", "N", "#7a5230", no_ranks=True),
        _kind("Omni", "O", "omni", all_colors=True, all_ranks=True),
        _kind("Null", "U", "#ffffff", no_colors=True, no_ranks=True),
        _kind("Muddy Rainbow", "M", "muddy", all_colors=True, no_ranks=True),
        _kind("Light Pink", "I", "#ffbbdd", no_colors=True, all_ranks=True),
        _kind("Prism", "I", "prism", prism=True),
        _kind("Orange", "O", "#ff8800", inverted=True),
        _kind("Dark Rainbow", "M", "dark-rainbow", one_of_each=True, all_colors=True),
        _kind("Dark Pink", "I", "#800040", ("Pink",), one_of_each=True, all_ranks=True),
        _kind("Gray", "A", "#555555", one_of_each=True, no_colors=True),
        _kind("Dark Brown", "N", "#271a0c", ("Brown",), one_of_each=True, no_ranks=True),
        _kind("Dark Omni", "O", "dark-omni", one_of_each=True, all_colors=True, all_ranks=True),
        _kind("Dark Null", "U", "#a6a6a6", one_of_each=True, no_colors=True, no_ranks=True),
        _kind("Cocoa Rainbow", "M", "cocoa", one_of_each=True, all_colors=True, no_ranks=True),
        _kind("Gray Pink", "I", "#b05080", one_of_each=True, no_colors=True, all_ranks=True),
        _kind("Dark Prism", "I", "dark-prism", one_of_each=True, prism=True),
        _kind("Dark Orange", "O", "#b05e00", ("Orange",), one_of_each=True, inverted=True),
    )
}
"""The suits hanab.live makes variants of, in its order (the order its combination names follow)."""

OTHER_SUITS = {
    s.name: s
    for s in (
        _kind("Tomato", "T", "#ff4a2e", ("Red",)),
        _kind("Mahogany", "M", "#660000", ("Red",)),
        _kind("Carrot", "C", "#f96401", ("Red",)),
        _kind("Emerald", "E", "#2ecc71", ("Green",)),
        _kind("Olive", "O", "#808000", ("Green",)),
        _kind("Berry", "B", "#3b5bdb", ("Blue",)),
        _kind("Navy", "N", "#001a4d", ("Blue",)),
        _kind("Sky", "S", "#3377ff", ("Blue",)),
        *(
            _kind(f"{name} EA", name[0], fill, ("Blue",), display=name)
            for name, fill in (
                ("Ice", "#e6eeff"),
                ("Aqua", "#8aa5ff"),
                ("Sky", "#2e5cff"),
                ("Berry", "#002ed1"),
                ("Navy", "#001b76"),
                ("Ocean", "#00091a"),
            )
        ),
        _kind("Tangerine", "T", "#b35f00", ("Red", "Yellow")),
        _kind("Peach", "P", "#ffac4d", ("Red", "Yellow")),
        _kind("Ruby", "R", "#e0115f", ("Red",)),
        _kind("Yam", "Y", "#cc9900", ("Red", "Yellow")),
        _kind("Geas", "G", "#68b840", ("Red", "Yellow", "Green")),
        _kind("Beatnik", "B", "#3f6fa4", ("Red", "Yellow", "Green", "Blue")),
        _kind("Plum", "P", "#281a58", ("Red", "Yellow", "Green", "Blue", "Purple")),
        _kind("Taupe", "T", "#381c12", ("Red", "Yellow", "Green", "Blue", "Purple", "Teal")),
        _kind("Gold", "G", "#ffd700", ("Red", "Green")),
        _kind("Violet", "V", "#7f00ff", ("Red", "Blue")),
        _kind("Magenta", "M", "#ff00ff", ("Red", "Blue")),
        _kind("Cardinal", "C", "#810735", ("Red", "Purple")),
        _kind("Maroon", "M", "#800000", ("Red", "Black")),
        _kind("Lime", "L", "#7fd400", ("Yellow", "Green")),
        _kind("Jungle", "J", "#006400", ("Yellow", "Green")),
        _kind("Jade", "J", "#00a86b", ("Yellow", "Blue")),
        _kind("Tan", "T", "#999900", ("Yellow", "Black")),
        _kind("Cyan", "C", "#00e5e5", ("Green", "Blue")),
        _kind("Indigo", "I", "#4000ff", ("Blue", "Purple")),
        _kind("Cobalt", "C", "#000066", ("Blue", "Black")),
    )
}

SUIT_KINDS = {**BASIC_SUITS, **SPECIAL_SUITS, **OTHER_SUITS}
REVERSED = " Reversed"


def suit_kind(name: str) -> SuitKind:
    """A suit by hanab.live's name; "<suit> Reversed" is that suit played from 5 down to 1."""
    if name.endswith(REVERSED):
        return replace(SUIT_KINDS[name.removesuffix(REVERSED)], name=name, reversed=True)
    return SUIT_KINDS[name]


BASIC_SETS = {
    1: ("Red",),
    2: ("Red", "Blue"),
    3: ("Red", "Green", "Blue"),
    4: ("Red", "Yellow", "Green", "Blue"),
    5: ("Red", "Yellow", "Green", "Blue", "Purple"),
    6: ("Red", "Yellow", "Green", "Blue", "Purple", "Teal"),
}
"""The plain suits of a variant with that many plain suits (hanab.live's rainbow order)."""

SUIT_COUNTS = (6, 5, 4, 3)

LEGACY_NAMES = {"Purple": "white", "Teal": "multicolor"}
"""This service's own names of two hanab.live suits and colors, kept by the rulebooks' five variants."""
LEGACY_VARIANTS = ("No Variant", "6 Suits", "Black (6 Suits)", "Rainbow (6 Suits)", "Dark Rainbow (6 Suits)")
