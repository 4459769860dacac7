from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import Any, Literal, TypeVar, cast

from attrs import define as _attrs_define

from ..models.clue_kind import ClueKind, check_clue_kind
from ..models.moved_by import MovedBy, check_moved_by
from ..types import UNSET, Unset

T = TypeVar("T", bound="HiddenClueEvent")


@_attrs_define
class HiddenClueEvent:
    type_: Literal["clue"]
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
    seq: int
    seat: int | None
    created_at: datetime.datetime
    by: MovedBy | Unset = UNSET
    """ Who made a move for its seat: server_timeout, when the seat's time ran out """

    def to_dict(self) -> dict[str, Any]:
        type_ = self.type_

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

        seq = self.seq

        seat: int | None
        seat = self.seat

        created_at = self.created_at.isoformat()

        by: str | Unset = UNSET
        if not isinstance(self.by, Unset):
            by = self.by

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "type": type_,
                "turn": turn,
                "target": target,
                "clue_kind": clue_kind,
                "value": value,
                "touched": touched,
                "informative": informative,
                "clue_tokens": clue_tokens,
                "half_clue_token": half_clue_token,
                "seq": seq,
                "seat": seat,
                "created_at": created_at,
            }
        )
        if by is not UNSET:
            field_dict["by"] = by

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        type_ = cast(Literal["clue"], d.pop("type"))
        if type_ != "clue":
            raise ValueError(f"type must match const 'clue', got '{type_}'")

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

        seq = d.pop("seq")

        def _parse_seat(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        seat = _parse_seat(d.pop("seat"))

        created_at = datetime.datetime.fromisoformat(d.pop("created_at"))

        _by = d.pop("by", UNSET)
        by: MovedBy | Unset
        if isinstance(_by, Unset):
            by = UNSET
        else:
            by = check_moved_by(_by)

        hidden_clue_event = cls(
            type_=type_,
            turn=turn,
            target=target,
            clue_kind=clue_kind,
            value=value,
            touched=touched,
            informative=informative,
            clue_tokens=clue_tokens,
            half_clue_token=half_clue_token,
            seq=seq,
            seat=seat,
            created_at=created_at,
            by=by,
        )

        return hidden_clue_event
