from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Literal, TypeVar, cast

from attrs import define as _attrs_define

T = TypeVar("T", bound="PlayHistoryEvent")


@_attrs_define
class PlayHistoryEvent:
    kind: Literal["play"]
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
    seat: int
    """ The seat that acted (-1: none, for some end_game) """

    def to_dict(self) -> dict[str, Any]:
        kind = self.kind

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

        seat = self.seat

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "kind": kind,
                "turn": turn,
                "card": card,
                "suit": suit,
                "rank": rank,
                "success": success,
                "announce": announce,
                "drew": drew,
                "clue_tokens": clue_tokens,
                "half_clue_token": half_clue_token,
                "seat": seat,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        kind = cast(Literal["play"], d.pop("kind"))
        if kind != "play":
            raise ValueError(f"kind must match const 'play', got '{kind}'")

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

        seat = d.pop("seat")

        play_history_event = cls(
            kind=kind,
            turn=turn,
            card=card,
            suit=suit,
            rank=rank,
            success=success,
            announce=announce,
            drew=drew,
            clue_tokens=clue_tokens,
            half_clue_token=half_clue_token,
            seat=seat,
        )

        return play_history_event
