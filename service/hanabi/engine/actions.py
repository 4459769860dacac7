"""Explicit action types and end conditions.

Actions are small immutable tuples tagged with their kind, so a Play never equals a Discard
of the same card. Cards are named by id (their position in the deck), never by hand slot.
"""

from collections import namedtuple
from collections.abc import Callable, Iterable
from enum import IntEnum
from typing import Any


class EndCondition(IntEnum):
    """How a game ended; the numbers are hanab.live's."""

    IN_PROGRESS = 0
    NORMAL = 1
    STRIKEOUT = 2
    TIMEOUT = 3
    TERMINATED = 4
    SPEEDRUN_FAIL = 5
    IDLE_TIMEOUT = 6
    CHARACTER_SOFTLOCK = 7
    ALL_OR_NOTHING_FAIL = 8
    ALL_OR_NOTHING_SOFTLOCK = 9
    TERMINATED_BY_VOTE = 10

    @property
    def label(self) -> str:
        return self.name.lower()

    @classmethod
    def from_label(cls, label: str) -> "EndCondition":
        return cls[label.upper()]


SCORELESS_ENDS = frozenset(
    {
        EndCondition.STRIKEOUT,
        EndCondition.TIMEOUT,
        EndCondition.TERMINATED,
        EndCondition.SPEEDRUN_FAIL,
        EndCondition.IDLE_TIMEOUT,
        EndCondition.CHARACTER_SOFTLOCK,
        EndCondition.TERMINATED_BY_VOTE,
        EndCondition.ALL_OR_NOTHING_FAIL,
        EndCondition.ALL_OR_NOTHING_SOFTLOCK,
    }
)


class Play(namedtuple("Play", "kind seat card announce")):
    """Play card `card`; with timed display, `announce` is the suit index called out first."""

    __slots__ = ()

    def __new__(cls, seat: int, card: int, announce: int | None = None) -> "Play":
        return tuple.__new__(cls, ("play", seat, card, announce))


class Discard(namedtuple("Discard", "kind seat card")):
    __slots__ = ()

    def __new__(cls, seat: int, card: int) -> "Discard":
        return tuple.__new__(cls, ("discard", seat, card))


class ColorClue(namedtuple("ColorClue", "kind seat target color")):
    """`color` indexes the variant's clue colors (rainbow suits have none)."""

    __slots__ = ()

    def __new__(cls, seat: int, target: int, color: int) -> "ColorClue":
        return tuple.__new__(cls, ("color_clue", seat, target, color))


class RankClue(namedtuple("RankClue", "kind seat target rank")):
    __slots__ = ()

    def __new__(cls, seat: int, target: int, rank: int) -> "RankClue":
        return tuple.__new__(cls, ("rank_clue", seat, target, rank))


class Reorder(namedtuple("Reorder", "kind seat cards")):
    """Rearrange one's own hand (left to right). Not a turn; allowed at any time during play."""

    __slots__ = ()

    def __new__(cls, seat: int, cards: Iterable[int]) -> "Reorder":
        return tuple.__new__(cls, ("reorder", seat, tuple(cards)))


OUTSIDE_ENDS = (
    EndCondition.TIMEOUT,
    EndCondition.TERMINATED,
    EndCondition.SPEEDRUN_FAIL,
    EndCondition.IDLE_TIMEOUT,
    EndCondition.TERMINATED_BY_VOTE,
)
"""The ends an EndGame action may record (hanab.live writes each as a game-over action)."""


class EndGame(namedtuple("EndGame", "kind seat condition")):
    """End the game from outside the rules: a timeout (of a turn or of an idle table), a
    termination (by a player or by a vote) or a failed speedrun; all score 0.

    `seat` is the seat responsible, or -1 for none (hanab.live's convention).
    """

    __slots__ = ()

    def __new__(cls, seat: int, condition: EndCondition) -> "EndGame":
        return tuple.__new__(cls, ("end_game", seat, EndCondition(condition)))


Action = Play | Discard | ColorClue | RankClue | Reorder | EndGame
TURN_ACTIONS = (Play, Discard, ColorClue, RankClue)

_PLAY_DISCARD: dict[int, list[tuple[Play, Discard]]] = {}
_CLUES: dict[tuple[int, int, int, tuple[int, ...]], tuple[tuple[ColorClue, ...], dict[int, RankClue]]] = {}


def play_discard_pairs(seat: int, cards: int) -> list[tuple[Play, Discard]]:
    """Per card id below `cards`, the Play and the Discard of it by `seat`. Actions are values,
    so the same objects serve every game (listing legal actions makes none)."""
    pairs = _PLAY_DISCARD.setdefault(seat, [])
    while len(pairs) < cards:
        pairs.append((Play(seat, len(pairs)), Discard(seat, len(pairs))))
    return pairs


def clue_actions(
    seat: int, target: int, colors: int, ranks: tuple[int, ...]
) -> tuple[tuple[ColorClue, ...], dict[int, RankClue]]:
    """The clues `seat` may give `target`: the color clues by color index (below `colors`) and
    the rank clues by rank (of `ranks`), the same objects every time."""
    key = (seat, target, colors, ranks)
    clues = _CLUES.get(key)
    if clues is None:
        clues = _CLUES[key] = (
            tuple(ColorClue(seat, target, color) for color in range(colors)),
            {rank: RankClue(seat, target, rank) for rank in ranks},
        )
    return clues


_BUILDERS: dict[str, Callable[[dict[str, Any]], Action]] = {
    "play": lambda d: Play(d["seat"], d["card"], d.get("announce")),
    "discard": lambda d: Discard(d["seat"], d["card"]),
    "color_clue": lambda d: ColorClue(d["seat"], d["target"], d["color"]),
    "rank_clue": lambda d: RankClue(d["seat"], d["target"], d["rank"]),
    "reorder": lambda d: Reorder(d["seat"], d["cards"]),
    "end_game": lambda d: EndGame(d["seat"], EndCondition.from_label(d["condition"])),
}


def action_to_dict(action: Action) -> dict[str, Any]:
    return _TO_DICT[type(action)](action)


def _play_to_dict(a: Play) -> dict[str, Any]:
    if a.announce is None:
        return {"kind": "play", "seat": a.seat, "card": a.card}
    return {"kind": "play", "seat": a.seat, "card": a.card, "announce": a.announce}


_TO_DICT: dict[type, Callable[[Any], dict[str, Any]]] = {
    Play: _play_to_dict,
    Discard: lambda a: {"kind": "discard", "seat": a.seat, "card": a.card},
    ColorClue: lambda a: {"kind": "color_clue", "seat": a.seat, "target": a.target, "color": a.color},
    RankClue: lambda a: {"kind": "rank_clue", "seat": a.seat, "target": a.target, "rank": a.rank},
    Reorder: lambda a: {"kind": "reorder", "seat": a.seat, "cards": list(a.cards)},
    EndGame: lambda a: {"kind": "end_game", "seat": a.seat, "condition": a.condition.label},
}
"""Written out per type (a view lists its legal actions this way)."""


def action_from_dict(data: dict[str, Any]) -> Action:
    """The inverse of action_to_dict. Raises KeyError for a missing field or an unknown kind or
    end condition, ValueError for any other malformed data; values are checked against the
    rules when the action is applied."""
    try:
        return _BUILDERS[data["kind"]](data)
    except (TypeError, AttributeError):
        raise ValueError(f"{data!r} is not a well-formed action.") from None
