from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define

from ..types import UNSET, Unset

T = TypeVar("T", bound="Table")


@_attrs_define
class Table:
    game_id: int
    candidate_entry_id: int
    seats: list[str]
    """ Who sat where """
    score: int | None | Unset = UNSET
    """ Null until the deal is published """
    strikes: int | None | Unset = UNSET
    end_condition: None | str | Unset = UNSET
    timed_out_seat: int | None | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        game_id = self.game_id

        candidate_entry_id = self.candidate_entry_id

        seats = self.seats

        score: int | None | Unset
        if isinstance(self.score, Unset):
            score = UNSET
        else:
            score = self.score

        strikes: int | None | Unset
        if isinstance(self.strikes, Unset):
            strikes = UNSET
        else:
            strikes = self.strikes

        end_condition: None | str | Unset
        if isinstance(self.end_condition, Unset):
            end_condition = UNSET
        else:
            end_condition = self.end_condition

        timed_out_seat: int | None | Unset
        if isinstance(self.timed_out_seat, Unset):
            timed_out_seat = UNSET
        else:
            timed_out_seat = self.timed_out_seat

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "game_id": game_id,
                "candidate_entry_id": candidate_entry_id,
                "seats": seats,
            }
        )
        if score is not UNSET:
            field_dict["score"] = score
        if strikes is not UNSET:
            field_dict["strikes"] = strikes
        if end_condition is not UNSET:
            field_dict["end_condition"] = end_condition
        if timed_out_seat is not UNSET:
            field_dict["timed_out_seat"] = timed_out_seat

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        game_id = d.pop("game_id")

        candidate_entry_id = d.pop("candidate_entry_id")

        seats = cast(list[str], d.pop("seats"))

        def _parse_score(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        score = _parse_score(d.pop("score", UNSET))

        def _parse_strikes(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        strikes = _parse_strikes(d.pop("strikes", UNSET))

        def _parse_end_condition(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        end_condition = _parse_end_condition(d.pop("end_condition", UNSET))

        def _parse_timed_out_seat(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        timed_out_seat = _parse_timed_out_seat(d.pop("timed_out_seat", UNSET))

        table = cls(
            game_id=game_id,
            candidate_entry_id=candidate_entry_id,
            seats=seats,
            score=score,
            strikes=strikes,
            end_condition=end_condition,
            timed_out_seat=timed_out_seat,
        )

        return table
