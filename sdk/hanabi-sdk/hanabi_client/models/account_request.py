from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define

from ..models.account_request_kind import AccountRequestKind, check_account_request_kind
from ..models.account_request_scopes_item import AccountRequestScopesItem, check_account_request_scopes_item
from ..types import UNSET, Unset

T = TypeVar("T", bound="AccountRequest")


@_attrs_define
class AccountRequest:
    name: str
    kind: AccountRequestKind
    scopes: list[AccountRequestScopesItem] | Unset = UNSET
    """ What the first token may do (default: everything) """
    password: str | Unset = UNSET
    """ Lets you sign in on any device (POST /v1/sessions): 8 to 1024 characters """
    email: str | Unset = UNSET
    """ Where mail goes (notifications, password resets) once a link mailed to it is opened """

    def to_dict(self) -> dict[str, Any]:
        name = self.name

        kind: str = self.kind

        scopes: list[str] | Unset = UNSET
        if not isinstance(self.scopes, Unset):
            scopes = []
            for scopes_item_data in self.scopes:
                scopes_item: str = scopes_item_data
                scopes.append(scopes_item)

        password = self.password

        email = self.email

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "name": name,
                "kind": kind,
            }
        )
        if scopes is not UNSET:
            field_dict["scopes"] = scopes
        if password is not UNSET:
            field_dict["password"] = password
        if email is not UNSET:
            field_dict["email"] = email

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        name = d.pop("name")

        kind = check_account_request_kind(d.pop("kind"))

        _scopes = d.pop("scopes", UNSET)
        scopes: list[AccountRequestScopesItem] | Unset = UNSET
        if _scopes is not UNSET:
            scopes = []
            for scopes_item_data in _scopes:
                scopes_item = check_account_request_scopes_item(scopes_item_data)

                scopes.append(scopes_item)

        password = d.pop("password", UNSET)

        email = d.pop("email", UNSET)

        account_request = cls(
            name=name,
            kind=kind,
            scopes=scopes,
            password=password,
            email=email,
        )

        return account_request
