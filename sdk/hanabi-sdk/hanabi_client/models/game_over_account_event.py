from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import Any, Literal, TypeVar, cast

from attrs import define as _attrs_define

from ..models.end_condition import EndCondition, check_end_condition

T = TypeVar("T", bound="GameOverAccountEvent")


@_attrs_define
class GameOverAccountEvent:
    type_: Literal["game_over"]
    id: int
    """ Your events are numbered 1, 2, 3, ...; pass the last as `after` """
    game_id: int
    """ Every type but stream_started """
    created_at: datetime.datetime
    version: int
    """ The game's version then (pass as expected_version) """
    score: int
    end_condition: EndCondition
    """ How a game ended, as hanab.live names it; in_progress while it runs """

    def to_dict(self) -> dict[str, Any]:
        type_ = self.type_

        id = self.id

        game_id = self.game_id

        created_at = self.created_at.isoformat()

        version = self.version

        score = self.score

        end_condition: str = self.end_condition

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "type": type_,
                "id": id,
                "game_id": game_id,
                "created_at": created_at,
                "version": version,
                "score": score,
                "end_condition": end_condition,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        type_ = cast(Literal["game_over"], d.pop("type"))
        if type_ != "game_over":
            raise ValueError(f"type must match const 'game_over', got '{type_}'")

        id = d.pop("id")

        game_id = d.pop("game_id")

        created_at = datetime.datetime.fromisoformat(d.pop("created_at"))

        version = d.pop("version")

        score = d.pop("score")

        end_condition = check_end_condition(d.pop("end_condition"))

        game_over_account_event = cls(
            type_=type_,
            id=id,
            game_id=game_id,
            created_at=created_at,
            version=version,
            score=score,
            end_condition=end_condition,
        )

        return game_over_account_event
