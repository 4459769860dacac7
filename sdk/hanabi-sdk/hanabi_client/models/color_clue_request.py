from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Literal, TypeVar, cast

from attrs import define as _attrs_define

from ..types import UNSET, Unset

T = TypeVar("T", bound="ColorClueRequest")


@_attrs_define
class ColorClueRequest:
    kind: Literal["color_clue"]
    target: int
    """ color_clue, rank_clue: the seat given the clue """
    color: int
    """ color_clue: an index into the view's clue_colors """
    seat: int | Unset = UNSET
    """ The seat you act for, as a legal action names it: may be left out; when given, it is your seat in the game
    (403 not_your_seat otherwise, and nothing is played) """
    expected_version: int | Unset = UNSET
    """ The version you saw; 409 version_conflict when the game has moved on """

    def to_dict(self) -> dict[str, Any]:
        kind = self.kind

        target = self.target

        color = self.color

        seat = self.seat

        expected_version = self.expected_version

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "kind": kind,
                "target": target,
                "color": color,
            }
        )
        if seat is not UNSET:
            field_dict["seat"] = seat
        if expected_version is not UNSET:
            field_dict["expected_version"] = expected_version

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        kind = cast(Literal["color_clue"], d.pop("kind"))
        if kind != "color_clue":
            raise ValueError(f"kind must match const 'color_clue', got '{kind}'")

        target = d.pop("target")

        color = d.pop("color")

        seat = d.pop("seat", UNSET)

        expected_version = d.pop("expected_version", UNSET)

        color_clue_request = cls(
            kind=kind,
            target=target,
            color=color,
            seat=seat,
            expected_version=expected_version,
        )

        return color_clue_request
