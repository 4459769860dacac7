from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Literal, TypeVar, cast

from attrs import define as _attrs_define

from ..models.clue_kind import ClueKind, check_clue_kind

T = TypeVar("T", bound="ColorClueHistoryEvent")


@_attrs_define
class ColorClueHistoryEvent:
    kind: Literal["color_clue"]
    turn: int
    """ The turn the action was taken on (0 is the first) """
    target: int
    """ A clue's: the seat that received it """
    clue_kind: ClueKind | None
    """ color or rank; null for a Duck clue while the game runs, but to its giver """
    value: int | None
    """ A clue's: the index into clue_colors of a color clue, the rank of a rank clue; null for a Cow & Pig or Duck
    clue while the game runs, but to its giver """
    touched: list[int]
    """ A clue's: the ids of the cards it touched """
    informative: bool
    """ A clue's: whether it removed, for some card of the receiver's hand (touched or not), an identity that card's
    earlier clues left possible; false: it told the receiver nothing new """
    clue_tokens: int
    """ Whole clue tokens left after this turn """
    half_clue_token: bool
    """ Clue Starved: whether half a clue token is left after this turn besides the whole ones """
    seat: int
    """ The seat that acted (-1: none, for some end_game) """

    def to_dict(self) -> dict[str, Any]:
        kind = self.kind

        turn = self.turn

        target = self.target

        clue_kind: None | str
        if isinstance(self.clue_kind, str):
            clue_kind = self.clue_kind
        else:
            clue_kind = self.clue_kind

        value: int | None
        value = self.value

        touched = self.touched

        informative = self.informative

        clue_tokens = self.clue_tokens

        half_clue_token = self.half_clue_token

        seat = self.seat

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "kind": kind,
                "turn": turn,
                "target": target,
                "clue_kind": clue_kind,
                "value": value,
                "touched": touched,
                "informative": informative,
                "clue_tokens": clue_tokens,
                "half_clue_token": half_clue_token,
                "seat": seat,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        kind = cast(Literal["color_clue"], d.pop("kind"))
        if kind != "color_clue":
            raise ValueError(f"kind must match const 'color_clue', got '{kind}'")

        turn = d.pop("turn")

        target = d.pop("target")

        def _parse_clue_kind(data: object) -> ClueKind | None:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                clue_kind_type_0 = check_clue_kind(data)

                return clue_kind_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(ClueKind | None, data)

        clue_kind = _parse_clue_kind(d.pop("clue_kind"))

        def _parse_value(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        value = _parse_value(d.pop("value"))

        touched = cast(list[int], d.pop("touched"))

        informative = d.pop("informative")

        clue_tokens = d.pop("clue_tokens")

        half_clue_token = d.pop("half_clue_token")

        seat = d.pop("seat")

        color_clue_history_event = cls(
            kind=kind,
            turn=turn,
            target=target,
            clue_kind=clue_kind,
            value=value,
            touched=touched,
            informative=informative,
            clue_tokens=clue_tokens,
            half_clue_token=half_clue_token,
            seat=seat,
        )

        return color_clue_history_event
