from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define

from ..models.account_event_type import AccountEventType, check_account_event_type
from ..models.end_condition import EndCondition, check_end_condition
from ..types import UNSET, Unset

T = TypeVar("T", bound="AccountEvent")


@_attrs_define
class AccountEvent:
    id: int
    """ Your events are numbered 1, 2, 3, ...; pass the last as `after` """
    type_: AccountEventType
    """ stream_started: the first line, `id` is where the stream starts; invited: a seat was reserved for you
    (`seat`, `by`); game_started; your_turn (`seat`, `version`, `turn`); game_over (`score`, `end_condition`); chat:
    someone else wrote in a game you sit in (`account`, `text`, `message_id`) """
    game_id: int | Unset = UNSET
    """ Every type but stream_started """
    created_at: datetime.datetime | Unset = UNSET
    seat: int | Unset = UNSET
    """ invited, your_turn: your seat (from 0) """
    by: None | str | Unset = UNSET
    """ invited: who created the game """
    version: int | Unset = UNSET
    """ The game's version then (pass as expected_version) """
    turn: int | Unset = UNSET
    score: int | Unset = UNSET
    end_condition: EndCondition | Unset = UNSET
    """ How a game ended, as hanab.live names it; in_progress while it runs """
    message_id: int | Unset = UNSET
    account: None | str | Unset = UNSET
    """ chat: the author """
    text: str | Unset = UNSET
    """ chat: the message """

    def to_dict(self) -> dict[str, Any]:
        id = self.id

        type_: str = self.type_

        game_id = self.game_id

        created_at: str | Unset = UNSET
        if not isinstance(self.created_at, Unset):
            created_at = self.created_at.isoformat()

        seat = self.seat

        by: None | str | Unset
        if isinstance(self.by, Unset):
            by = UNSET
        else:
            by = self.by

        version = self.version

        turn = self.turn

        score = self.score

        end_condition: str | Unset = UNSET
        if not isinstance(self.end_condition, Unset):
            end_condition = self.end_condition

        message_id = self.message_id

        account: None | str | Unset
        if isinstance(self.account, Unset):
            account = UNSET
        else:
            account = self.account

        text = self.text

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "id": id,
                "type": type_,
            }
        )
        if game_id is not UNSET:
            field_dict["game_id"] = game_id
        if created_at is not UNSET:
            field_dict["created_at"] = created_at
        if seat is not UNSET:
            field_dict["seat"] = seat
        if by is not UNSET:
            field_dict["by"] = by
        if version is not UNSET:
            field_dict["version"] = version
        if turn is not UNSET:
            field_dict["turn"] = turn
        if score is not UNSET:
            field_dict["score"] = score
        if end_condition is not UNSET:
            field_dict["end_condition"] = end_condition
        if message_id is not UNSET:
            field_dict["message_id"] = message_id
        if account is not UNSET:
            field_dict["account"] = account
        if text is not UNSET:
            field_dict["text"] = text

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        id = d.pop("id")

        type_ = check_account_event_type(d.pop("type"))

        game_id = d.pop("game_id", UNSET)

        _created_at = d.pop("created_at", UNSET)
        created_at: datetime.datetime | Unset
        if isinstance(_created_at, Unset):
            created_at = UNSET
        else:
            created_at = datetime.datetime.fromisoformat(_created_at)

        seat = d.pop("seat", UNSET)

        def _parse_by(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        by = _parse_by(d.pop("by", UNSET))

        version = d.pop("version", UNSET)

        turn = d.pop("turn", UNSET)

        score = d.pop("score", UNSET)

        _end_condition = d.pop("end_condition", UNSET)
        end_condition: EndCondition | Unset
        if isinstance(_end_condition, Unset):
            end_condition = UNSET
        else:
            end_condition = check_end_condition(_end_condition)

        message_id = d.pop("message_id", UNSET)

        def _parse_account(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        account = _parse_account(d.pop("account", UNSET))

        text = d.pop("text", UNSET)

        account_event = cls(
            id=id,
            type_=type_,
            game_id=game_id,
            created_at=created_at,
            seat=seat,
            by=by,
            version=version,
            turn=turn,
            score=score,
            end_condition=end_condition,
            message_id=message_id,
            account=account,
            text=text,
        )

        return account_event
