from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define

from ..models.player_kind import PlayerKind, check_player_kind

T = TypeVar("T", bound="Player")


@_attrs_define
class Player:
    id: int
    name: str
    """ `<app>/<user>`: the name games and other players see """
    user: str
    kind: PlayerKind
    created_at: datetime.datetime
    app: str
    """ The app that created the account """

    def to_dict(self) -> dict[str, Any]:
        id = self.id

        name = self.name

        user = self.user

        kind: str = self.kind

        created_at = self.created_at.isoformat()

        app = self.app

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "id": id,
                "name": name,
                "user": user,
                "kind": kind,
                "created_at": created_at,
                "app": app,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        id = d.pop("id")

        name = d.pop("name")

        user = d.pop("user")

        kind = check_player_kind(d.pop("kind"))

        created_at = datetime.datetime.fromisoformat(d.pop("created_at"))

        app = d.pop("app")

        player = cls(
            id=id,
            name=name,
            user=user,
            kind=kind,
            created_at=created_at,
            app=app,
        )

        return player
