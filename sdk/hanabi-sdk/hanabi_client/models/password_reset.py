from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define

T = TypeVar("T", bound="PasswordReset")


@_attrs_define
class PasswordReset:
    token: str
    """ From the link """
    password: str
    """ The new password """

    def to_dict(self) -> dict[str, Any]:
        token = self.token

        password = self.password

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "token": token,
                "password": password,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        token = d.pop("token")

        password = d.pop("password")

        password_reset = cls(
            token=token,
            password=password,
        )

        return password_reset
