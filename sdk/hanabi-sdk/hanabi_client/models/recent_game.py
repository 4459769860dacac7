from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define

from ..types import UNSET, Unset

T = TypeVar("T", bound="RecentGame")


@_attrs_define
class RecentGame:
    game_id: int
    deal_id: int
    players: int
    variant: str
    seat: int
    candidate: bool
    """ It sat in the deal's candidate seat """
    published: bool
    score: int | None | Unset = UNSET
    """ Null until the deal is published """
    end_condition: None | str | Unset = UNSET
    timed_out: bool | None | Unset = UNSET
    replay: None | str | Unset = UNSET
    """ The replay's path, once published """

    def to_dict(self) -> dict[str, Any]:
        game_id = self.game_id

        deal_id = self.deal_id

        players = self.players

        variant = self.variant

        seat = self.seat

        candidate = self.candidate

        published = self.published

        score: int | None | Unset
        if isinstance(self.score, Unset):
            score = UNSET
        else:
            score = self.score

        end_condition: None | str | Unset
        if isinstance(self.end_condition, Unset):
            end_condition = UNSET
        else:
            end_condition = self.end_condition

        timed_out: bool | None | Unset
        if isinstance(self.timed_out, Unset):
            timed_out = UNSET
        else:
            timed_out = self.timed_out

        replay: None | str | Unset
        if isinstance(self.replay, Unset):
            replay = UNSET
        else:
            replay = self.replay

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "game_id": game_id,
                "deal_id": deal_id,
                "players": players,
                "variant": variant,
                "seat": seat,
                "candidate": candidate,
                "published": published,
            }
        )
        if score is not UNSET:
            field_dict["score"] = score
        if end_condition is not UNSET:
            field_dict["end_condition"] = end_condition
        if timed_out is not UNSET:
            field_dict["timed_out"] = timed_out
        if replay is not UNSET:
            field_dict["replay"] = replay

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        game_id = d.pop("game_id")

        deal_id = d.pop("deal_id")

        players = d.pop("players")

        variant = d.pop("variant")

        seat = d.pop("seat")

        candidate = d.pop("candidate")

        published = d.pop("published")

        def _parse_score(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        score = _parse_score(d.pop("score", UNSET))

        def _parse_end_condition(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        end_condition = _parse_end_condition(d.pop("end_condition", UNSET))

        def _parse_timed_out(data: object) -> bool | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(bool | None | Unset, data)

        timed_out = _parse_timed_out(d.pop("timed_out", UNSET))

        def _parse_replay(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        replay = _parse_replay(d.pop("replay", UNSET))

        recent_game = cls(
            game_id=game_id,
            deal_id=deal_id,
            players=players,
            variant=variant,
            seat=seat,
            candidate=candidate,
            published=published,
            score=score,
            end_condition=end_condition,
            timed_out=timed_out,
            replay=replay,
        )

        return recent_game
