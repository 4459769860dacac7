from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define

from ..models.session_scopes_item import SessionScopesItem, check_session_scopes_item

T = TypeVar("T", bound="Session")


@_attrs_define
class Session:
    token: str
    """ An API token for this device, shown only here """
    account: str
    """ The account's name """
    account_id: int
    scopes: list[SessionScopesItem]
    expires_at: datetime.datetime | None
    """ null: the token works until it is revoked """

    def to_dict(self) -> dict[str, Any]:
        token = self.token

        account = self.account

        account_id = self.account_id

        scopes = []
        for scopes_item_data in self.scopes:
            scopes_item: str = scopes_item_data
            scopes.append(scopes_item)

        expires_at: None | str
        if isinstance(self.expires_at, datetime.datetime):
            expires_at = self.expires_at.isoformat()
        else:
            expires_at = self.expires_at

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "token": token,
                "account": account,
                "account_id": account_id,
                "scopes": scopes,
                "expires_at": expires_at,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        token = d.pop("token")

        account = d.pop("account")

        account_id = d.pop("account_id")

        scopes = []
        _scopes = d.pop("scopes")
        for scopes_item_data in _scopes:
            scopes_item = check_session_scopes_item(scopes_item_data)

            scopes.append(scopes_item)

        def _parse_expires_at(data: object) -> datetime.datetime | None:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                expires_at_type_0 = datetime.datetime.fromisoformat(data)

                return expires_at_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.datetime | None, data)

        expires_at = _parse_expires_at(d.pop("expires_at"))

        session = cls(
            token=token,
            account=account,
            account_id=account_id,
            scopes=scopes,
            expires_at=expires_at,
        )

        return session
