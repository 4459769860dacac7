from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define

from ..models.notifications_deadline_reminder import (
    NotificationsDeadlineReminder,
    check_notifications_deadline_reminder,
)
from ..models.notifications_game_over import NotificationsGameOver, check_notifications_game_over
from ..models.notifications_your_turn import NotificationsYourTurn, check_notifications_your_turn
from ..types import UNSET, Unset

T = TypeVar("T", bound="Notifications")


@_attrs_define
class Notifications:
    your_turn: NotificationsYourTurn | Unset = UNSET
    """ Mail when a game waits on you: immediately, in a daily digest, or off """
    game_over: NotificationsGameOver | Unset = UNSET
    """ Mail when a game you are in ends: immediately, daily, or off """
    deadline_reminder: NotificationsDeadlineReminder | Unset = UNSET
    """ Mail before the deadline of a turn waiting on you: immediately or off """

    def to_dict(self) -> dict[str, Any]:
        your_turn: str | Unset = UNSET
        if not isinstance(self.your_turn, Unset):
            your_turn = self.your_turn

        game_over: str | Unset = UNSET
        if not isinstance(self.game_over, Unset):
            game_over = self.game_over

        deadline_reminder: str | Unset = UNSET
        if not isinstance(self.deadline_reminder, Unset):
            deadline_reminder = self.deadline_reminder

        field_dict: dict[str, Any] = {}

        field_dict.update({})
        if your_turn is not UNSET:
            field_dict["your_turn"] = your_turn
        if game_over is not UNSET:
            field_dict["game_over"] = game_over
        if deadline_reminder is not UNSET:
            field_dict["deadline_reminder"] = deadline_reminder

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        _your_turn = d.pop("your_turn", UNSET)
        your_turn: NotificationsYourTurn | Unset
        if isinstance(_your_turn, Unset):
            your_turn = UNSET
        else:
            your_turn = check_notifications_your_turn(_your_turn)

        _game_over = d.pop("game_over", UNSET)
        game_over: NotificationsGameOver | Unset
        if isinstance(_game_over, Unset):
            game_over = UNSET
        else:
            game_over = check_notifications_game_over(_game_over)

        _deadline_reminder = d.pop("deadline_reminder", UNSET)
        deadline_reminder: NotificationsDeadlineReminder | Unset
        if isinstance(_deadline_reminder, Unset):
            deadline_reminder = UNSET
        else:
            deadline_reminder = check_notifications_deadline_reminder(_deadline_reminder)

        notifications = cls(
            your_turn=your_turn,
            game_over=game_over,
            deadline_reminder=deadline_reminder,
        )

        return notifications
