"""The events of a game's history, one per action taken, and their JSON."""

from collections.abc import Callable
from typing import Any, NamedTuple

from .actions import EndCondition


class ClueEvent(NamedTuple):
    """Every event has a `kind`, the name /events gives it (and a view's history in JSON)."""

    turn: int
    seat: int
    target: int
    clue_kind: str | None
    """"color" or "rank"; None where the seat may not see it (a Duck clue, but to its giver)."""
    value: int
    """The clue color index, or the rank; None where the seat may not see it (a Cow & Pig or
    Duck clue, but to its giver: `view.seat_history`)."""
    touched: tuple[int, ...]
    clue_tokens: int
    """Whole clue tokens left after this turn."""
    informative: bool = True
    """Whether the clue removed, for some card of the receiver's hand (touched or not), an
    identity its earlier clues left possible; False: it told the receiver nothing new. In Cow &
    Pig and Duck a clue narrows no identity and is always True: it points at cards."""
    half_clue_token: bool = False
    """Clue Starved: half a clue token left besides the whole ones."""

    @property
    def kind(self) -> str:
        """ "color_clue" or "rank_clue", as the action that gave it; "clue" while its kind is hidden."""
        return _CLUE_EVENT_KINDS[self.clue_kind]


_CLUE_EVENT_KINDS = {"color": "color_clue", "rank": "rank_clue", None: "clue"}


class PlayEvent(NamedTuple):
    turn: int
    seat: int
    card: int
    suit: int
    """None (as are `rank` and `success`) in a seat's view while a Throw It in a Hole game runs
    (`view.seat_history`)."""
    rank: int
    success: bool
    announce: int | None
    drew: int | None
    clue_tokens: int
    """Whole clue tokens left after this turn."""
    half_clue_token: bool = False
    """Clue Starved: half a clue token left besides the whole ones."""

    @property
    def kind(self) -> str:
        return "play"


class DiscardEvent(NamedTuple):
    turn: int
    seat: int
    card: int
    suit: int
    rank: int
    drew: int | None
    clue_tokens: int
    """Whole clue tokens left after this turn."""
    half_clue_token: bool = False
    """Clue Starved: half a clue token left besides the whole ones."""

    @property
    def kind(self) -> str:
        return "discard"


class ReorderEvent(NamedTuple):
    turn: int
    seat: int
    cards: tuple[int, ...]

    @property
    def kind(self) -> str:
        return "reorder"


class EndEvent(NamedTuple):
    turn: int
    seat: int
    condition: EndCondition

    @property
    def kind(self) -> str:
        return "end_game"


Event = ClueEvent | PlayEvent | DiscardEvent | ReorderEvent | EndEvent


def event_to_dict(event: Event) -> dict[str, Any]:
    """A public event as JSON: its kind plus its fields (cards by id; played and discarded
    cards with their identity, which everyone sees). `kind` names the event as /events does
    (its `type`): a clue is "color_clue" or "rank_clue" ("clue" while its kind is hidden), with
    "color" or "rank" in `clue_kind` too."""
    return _EVENT_TO_DICT[type(event)](event)


def _clue_to_dict(e: ClueEvent) -> dict[str, Any]:
    return {
        "kind": e.kind,
        "turn": e.turn,
        "seat": e.seat,
        "target": e.target,
        "clue_kind": e.clue_kind,
        "value": e.value,
        "touched": list(e.touched),
        "clue_tokens": e.clue_tokens,
        "half_clue_token": e.half_clue_token,
        "informative": e.informative,
    }


def _play_to_dict(e: PlayEvent) -> dict[str, Any]:
    return {
        "kind": "play",
        "turn": e.turn,
        "seat": e.seat,
        "card": e.card,
        "suit": e.suit,
        "rank": e.rank,
        "success": e.success,
        "announce": e.announce,
        "drew": e.drew,
        "clue_tokens": e.clue_tokens,
        "half_clue_token": e.half_clue_token,
    }


def _discard_to_dict(e: DiscardEvent) -> dict[str, Any]:
    return {
        "kind": "discard",
        "turn": e.turn,
        "seat": e.seat,
        "card": e.card,
        "suit": e.suit,
        "rank": e.rank,
        "drew": e.drew,
        "clue_tokens": e.clue_tokens,
        "half_clue_token": e.half_clue_token,
    }


def _reorder_to_dict(e: ReorderEvent) -> dict[str, Any]:
    return {"kind": "reorder", "turn": e.turn, "seat": e.seat, "cards": list(e.cards)}


def _end_to_dict(e: EndEvent) -> dict[str, Any]:
    return {"kind": "end_game", "turn": e.turn, "seat": e.seat, "condition": e.condition.label}


_EVENT_TO_DICT: dict[type, Callable[[Any], dict[str, Any]]] = {
    ClueEvent: _clue_to_dict,
    PlayEvent: _play_to_dict,
    DiscardEvent: _discard_to_dict,
    ReorderEvent: _reorder_to_dict,
    EndEvent: _end_to_dict,
}
"""One function per event type, each writing out its fields (views send the whole history)."""


def event_from_dict(data: dict[str, Any]) -> Event:
    """The inverse of event_to_dict; keys /events adds around an event (seq, type, created_at,
    by, drew_suit, drew_rank) are ignored, so an /events entry reads as well."""
    kind = data.get("kind") or data["type"]
    event_type = _EVENT_TYPES[kind]
    fields = {name: data[name] for name in event_type._fields if name in data}
    if event_type is ClueEvent:
        fields["touched"] = tuple(fields["touched"])
    elif event_type is ReorderEvent:
        fields["cards"] = tuple(fields["cards"])
    elif event_type is EndEvent:
        fields["condition"] = EndCondition.from_label(fields["condition"])
    return event_type(**fields)


_EVENT_TYPES: dict[str, type[Event]] = {
    "color_clue": ClueEvent,
    "rank_clue": ClueEvent,
    "clue": ClueEvent,
    "play": PlayEvent,
    "discard": DiscardEvent,
    "reorder": ReorderEvent,
    "end_game": EndEvent,
}
