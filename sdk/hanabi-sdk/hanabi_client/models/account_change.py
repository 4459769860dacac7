from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define

from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.notifications import Notifications


T = TypeVar("T", bound="AccountChange")


@_attrs_define
class AccountChange:
    password: str | Unset = UNSET
    """ A new password """
    current_password: str | Unset = UNSET
    """ Your password, needed to change it when you have one """
    email: None | str | Unset = UNSET
    """ A new email address (mailed a link to verify it), or null for none """
    notifications: Notifications | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        password = self.password

        current_password = self.current_password

        email: None | str | Unset
        if isinstance(self.email, Unset):
            email = UNSET
        else:
            email = self.email

        notifications: dict[str, Any] | Unset = UNSET
        if not isinstance(self.notifications, Unset):
            notifications = self.notifications.to_dict()

        field_dict: dict[str, Any] = {}

        field_dict.update({})
        if password is not UNSET:
            field_dict["password"] = password
        if current_password is not UNSET:
            field_dict["current_password"] = current_password
        if email is not UNSET:
            field_dict["email"] = email
        if notifications is not UNSET:
            field_dict["notifications"] = notifications

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.notifications import Notifications  # noqa: PLC0415

        d = dict(src_dict)
        password = d.pop("password", UNSET)

        current_password = d.pop("current_password", UNSET)

        def _parse_email(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        email = _parse_email(d.pop("email", UNSET))

        _notifications = d.pop("notifications", UNSET)
        notifications: Notifications | Unset
        if isinstance(_notifications, Unset):
            notifications = UNSET
        else:
            notifications = Notifications.from_dict(_notifications)

        account_change = cls(
            password=password,
            current_password=current_password,
            email=email,
            notifications=notifications,
        )

        return account_change
