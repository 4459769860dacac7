from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import Any, Literal, TypeVar, cast

from attrs import define as _attrs_define

T = TypeVar("T", bound="GameStartedAccountEvent")


@_attrs_define
class GameStartedAccountEvent:
    type_: Literal["game_started"]
    id: int
    """ Your events are numbered 1, 2, 3, ...; pass the last as `after` """
    game_id: int
    """ Every type but stream_started """
    created_at: datetime.datetime
    version: int
    """ The game's version then (pass as expected_version) """

    def to_dict(self) -> dict[str, Any]:
        type_ = self.type_

        id = self.id

        game_id = self.game_id

        created_at = self.created_at.isoformat()

        version = self.version

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "type": type_,
                "id": id,
                "game_id": game_id,
                "created_at": created_at,
                "version": version,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        type_ = cast(Literal["game_started"], d.pop("type"))
        if type_ != "game_started":
            raise ValueError(f"type must match const 'game_started', got '{type_}'")

        id = d.pop("id")

        game_id = d.pop("game_id")

        created_at = datetime.datetime.fromisoformat(d.pop("created_at"))

        version = d.pop("version")

        game_started_account_event = cls(
            type_=type_,
            id=id,
            game_id=game_id,
            created_at=created_at,
            version=version,
        )

        return game_started_account_event
