from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import Any, Literal, TypeVar, cast

from attrs import define as _attrs_define

from ..models.moved_by import MovedBy, check_moved_by
from ..types import UNSET, Unset

T = TypeVar("T", bound="PlayEvent")


@_attrs_define
class PlayEvent:
    type_: Literal["play"]
    turn: int
    """ The turn the action was taken on (0 is the first) """
    card: int
    """ A play's or discard's: the id of the card """
    suit: int | None
    """ A play's is null while a Throw It in a Hole game runs (its plays are face down) """
    rank: int | None
    """ A play's is null while a Throw It in a Hole game runs (its plays are face down) """
    success: bool | None
    """ null while a Throw It in a Hole game runs (its plays are face down) """
    announce: int | None
    """ A play's with timed display: the suit called out; else null """
    drew: int | None
    """ The id of the card drawn, if any """
    clue_tokens: int
    """ Whole clue tokens left after this turn """
    half_clue_token: bool
    """ Clue Starved: whether half a clue token is left after this turn besides the whole ones """
    seq: int
    seat: int | None
    created_at: datetime.datetime
    drew_suit: int | None
    """ null for your own draws while the game runs """
    drew_rank: int | None
    """ null for your own draws while the game runs """
    by: MovedBy | Unset = UNSET
    """ Who made a move for its seat: server_timeout, when the seat's time ran out """

    def to_dict(self) -> dict[str, Any]:
        type_ = self.type_

        turn = self.turn

        card = self.card

        suit: int | None
        suit = self.suit

        rank: int | None
        rank = self.rank

        success: bool | None
        success = self.success

        announce: int | None
        announce = self.announce

        drew: int | None
        drew = self.drew

        clue_tokens = self.clue_tokens

        half_clue_token = self.half_clue_token

        seq = self.seq

        seat: int | None
        seat = self.seat

        created_at = self.created_at.isoformat()

        drew_suit: int | None
        drew_suit = self.drew_suit

        drew_rank: int | None
        drew_rank = self.drew_rank

        by: str | Unset = UNSET
        if not isinstance(self.by, Unset):
            by = self.by

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "type": type_,
                "turn": turn,
                "card": card,
                "suit": suit,
                "rank": rank,
                "success": success,
                "announce": announce,
                "drew": drew,
                "clue_tokens": clue_tokens,
                "half_clue_token": half_clue_token,
                "seq": seq,
                "seat": seat,
                "created_at": created_at,
                "drew_suit": drew_suit,
                "drew_rank": drew_rank,
            }
        )
        if by is not UNSET:
            field_dict["by"] = by

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        type_ = cast(Literal["play"], d.pop("type"))
        if type_ != "play":
            raise ValueError(f"type must match const 'play', got '{type_}'")

        turn = d.pop("turn")

        card = d.pop("card")

        def _parse_suit(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        suit = _parse_suit(d.pop("suit"))

        def _parse_rank(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        rank = _parse_rank(d.pop("rank"))

        def _parse_success(data: object) -> bool | None:
            if data is None:
                return data
            return cast(bool | None, data)

        success = _parse_success(d.pop("success"))

        def _parse_announce(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        announce = _parse_announce(d.pop("announce"))

        def _parse_drew(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        drew = _parse_drew(d.pop("drew"))

        clue_tokens = d.pop("clue_tokens")

        half_clue_token = d.pop("half_clue_token")

        seq = d.pop("seq")

        def _parse_seat(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        seat = _parse_seat(d.pop("seat"))

        created_at = datetime.datetime.fromisoformat(d.pop("created_at"))

        def _parse_drew_suit(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        drew_suit = _parse_drew_suit(d.pop("drew_suit"))

        def _parse_drew_rank(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        drew_rank = _parse_drew_rank(d.pop("drew_rank"))

        _by = d.pop("by", UNSET)
        by: MovedBy | Unset
        if isinstance(_by, Unset):
            by = UNSET
        else:
            by = check_moved_by(_by)

        play_event = cls(
            type_=type_,
            turn=turn,
            card=card,
            suit=suit,
            rank=rank,
            success=success,
            announce=announce,
            drew=drew,
            clue_tokens=clue_tokens,
            half_clue_token=half_clue_token,
            seq=seq,
            seat=seat,
            created_at=created_at,
            drew_suit=drew_suit,
            drew_rank=drew_rank,
            by=by,
        )

        return play_event
