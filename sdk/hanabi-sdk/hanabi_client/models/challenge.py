from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define

from ..models.challenge_status import ChallengeStatus, check_challenge_status
from ..types import UNSET, Unset

T = TypeVar("T", bound="Challenge")


@_attrs_define
class Challenge:
    id: int
    game_id: int
    """ The game: in the lobby until the bot answers """
    challenger: str
    bot: str
    status: ChallengeStatus
    created_at: datetime.datetime
    expires_at: datetime.datetime
    answered_at: datetime.datetime | None | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        id = self.id

        game_id = self.game_id

        challenger = self.challenger

        bot = self.bot

        status: str = self.status

        created_at = self.created_at.isoformat()

        expires_at = self.expires_at.isoformat()

        answered_at: None | str | Unset
        if isinstance(self.answered_at, Unset):
            answered_at = UNSET
        elif isinstance(self.answered_at, datetime.datetime):
            answered_at = self.answered_at.isoformat()
        else:
            answered_at = self.answered_at

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "id": id,
                "game_id": game_id,
                "challenger": challenger,
                "bot": bot,
                "status": status,
                "created_at": created_at,
                "expires_at": expires_at,
            }
        )
        if answered_at is not UNSET:
            field_dict["answered_at"] = answered_at

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        id = d.pop("id")

        game_id = d.pop("game_id")

        challenger = d.pop("challenger")

        bot = d.pop("bot")

        status = check_challenge_status(d.pop("status"))

        created_at = datetime.datetime.fromisoformat(d.pop("created_at"))

        expires_at = datetime.datetime.fromisoformat(d.pop("expires_at"))

        def _parse_answered_at(data: object) -> datetime.datetime | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                answered_at_type_0 = datetime.datetime.fromisoformat(data)

                return answered_at_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.datetime | None | Unset, data)

        answered_at = _parse_answered_at(d.pop("answered_at", UNSET))

        challenge = cls(
            id=id,
            game_id=game_id,
            challenger=challenger,
            bot=bot,
            status=status,
            created_at=created_at,
            expires_at=expires_at,
            answered_at=answered_at,
        )

        return challenge
