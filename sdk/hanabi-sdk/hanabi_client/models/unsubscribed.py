from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from attrs import define as _attrs_define

if TYPE_CHECKING:
    from ..models.notifications import Notifications


T = TypeVar("T", bound="Unsubscribed")


@_attrs_define
class Unsubscribed:
    account: str
    notifications: Notifications

    def to_dict(self) -> dict[str, Any]:
        account = self.account

        notifications = self.notifications.to_dict()

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "account": account,
                "notifications": notifications,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.notifications import Notifications  # noqa: PLC0415

        d = dict(src_dict)
        account = d.pop("account")

        notifications = Notifications.from_dict(d.pop("notifications"))

        unsubscribed = cls(
            account=account,
            notifications=notifications,
        )

        return unsubscribed
