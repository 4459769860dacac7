from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Literal, TypeVar, cast

from attrs import define as _attrs_define

from ..types import UNSET, Unset

T = TypeVar("T", bound="PlayRequest")


@_attrs_define
class PlayRequest:
    kind: Literal["play"]
    card: int
    """ play, discard: the id of a card in your hand """
    seat: int | Unset = UNSET
    """ The seat you act for, as a legal action names it: may be left out; when given, it is your seat in the game
    (403 not_your_seat otherwise, and nothing is played) """
    announce: int | Unset = UNSET
    """ play with timed display: the suit index you call out """
    expected_version: int | Unset = UNSET
    """ The version you saw; 409 version_conflict when the game has moved on """

    def to_dict(self) -> dict[str, Any]:
        kind = self.kind

        card = self.card

        seat = self.seat

        announce = self.announce

        expected_version = self.expected_version

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "kind": kind,
                "card": card,
            }
        )
        if seat is not UNSET:
            field_dict["seat"] = seat
        if announce is not UNSET:
            field_dict["announce"] = announce
        if expected_version is not UNSET:
            field_dict["expected_version"] = expected_version

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        kind = cast(Literal["play"], d.pop("kind"))
        if kind != "play":
            raise ValueError(f"kind must match const 'play', got '{kind}'")

        card = d.pop("card")

        seat = d.pop("seat", UNSET)

        announce = d.pop("announce", UNSET)

        expected_version = d.pop("expected_version", UNSET)

        play_request = cls(
            kind=kind,
            card=card,
            seat=seat,
            announce=announce,
            expected_version=expected_version,
        )

        return play_request
