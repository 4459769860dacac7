from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define

from ..models.my_account_kind import MyAccountKind, check_my_account_kind

if TYPE_CHECKING:
    from ..models.notifications import Notifications


T = TypeVar("T", bound="MyAccount")


@_attrs_define
class MyAccount:
    id: int
    name: str
    kind: MyAccountKind
    created_at: datetime.datetime
    has_password: bool
    """ Whether you can sign in with a password """
    email: None | str
    email_verified: bool
    """ Whether the email address was proved by its link; mail goes only then """
    notifications: Notifications

    def to_dict(self) -> dict[str, Any]:
        id = self.id

        name = self.name

        kind: str = self.kind

        created_at = self.created_at.isoformat()

        has_password = self.has_password

        email: None | str
        email = self.email

        email_verified = self.email_verified

        notifications = self.notifications.to_dict()

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "id": id,
                "name": name,
                "kind": kind,
                "created_at": created_at,
                "has_password": has_password,
                "email": email,
                "email_verified": email_verified,
                "notifications": notifications,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.notifications import Notifications  # noqa: PLC0415

        d = dict(src_dict)
        id = d.pop("id")

        name = d.pop("name")

        kind = check_my_account_kind(d.pop("kind"))

        created_at = datetime.datetime.fromisoformat(d.pop("created_at"))

        has_password = d.pop("has_password")

        def _parse_email(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        email = _parse_email(d.pop("email"))

        email_verified = d.pop("email_verified")

        notifications = Notifications.from_dict(d.pop("notifications"))

        my_account = cls(
            id=id,
            name=name,
            kind=kind,
            created_at=created_at,
            has_password=has_password,
            email=email,
            email_verified=email_verified,
            notifications=notifications,
        )

        return my_account
