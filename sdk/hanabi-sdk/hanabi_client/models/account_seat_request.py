from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Literal, TypeVar, cast

from attrs import define as _attrs_define

T = TypeVar("T", bound="AccountSeatRequest")


@_attrs_define
class AccountSeatRequest:
    kind: Literal["account"]
    account: str
    """ With kind account: the account's name """

    def to_dict(self) -> dict[str, Any]:
        kind = self.kind

        account = self.account

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "kind": kind,
                "account": account,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        kind = cast(Literal["account"], d.pop("kind"))
        if kind != "account":
            raise ValueError(f"kind must match const 'account', got '{kind}'")

        account = d.pop("account")

        account_seat_request = cls(
            kind=kind,
            account=account,
        )

        return account_seat_request
