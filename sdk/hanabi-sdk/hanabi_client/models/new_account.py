from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define

from ..models.new_account_kind import NewAccountKind, check_new_account_kind
from ..models.new_account_scopes_item import NewAccountScopesItem, check_new_account_scopes_item

if TYPE_CHECKING:
    from ..models.notifications import Notifications


T = TypeVar("T", bound="NewAccount")


@_attrs_define
class NewAccount:
    id: int
    name: str
    kind: NewAccountKind
    created_at: datetime.datetime
    has_password: bool
    """ Whether you can sign in with a password """
    email: None | str
    email_verified: bool
    """ Whether the email address was proved by its link; mail goes only then """
    notifications: Notifications
    token: str
    """ The API token, shown only in this response """
    scopes: list[NewAccountScopesItem]
    """ What the token may do """

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

        token = self.token

        scopes = []
        for scopes_item_data in self.scopes:
            scopes_item: str = scopes_item_data
            scopes.append(scopes_item)

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
                "token": token,
                "scopes": scopes,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.notifications import Notifications  # noqa: PLC0415

        d = dict(src_dict)
        id = d.pop("id")

        name = d.pop("name")

        kind = check_new_account_kind(d.pop("kind"))

        created_at = datetime.datetime.fromisoformat(d.pop("created_at"))

        has_password = d.pop("has_password")

        def _parse_email(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        email = _parse_email(d.pop("email"))

        email_verified = d.pop("email_verified")

        notifications = Notifications.from_dict(d.pop("notifications"))

        token = d.pop("token")

        scopes = []
        _scopes = d.pop("scopes")
        for scopes_item_data in _scopes:
            scopes_item = check_new_account_scopes_item(scopes_item_data)

            scopes.append(scopes_item)

        new_account = cls(
            id=id,
            name=name,
            kind=kind,
            created_at=created_at,
            has_password=has_password,
            email=email,
            email_verified=email_verified,
            notifications=notifications,
            token=token,
            scopes=scopes,
        )

        return new_account
