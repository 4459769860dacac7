from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define

T = TypeVar("T", bound="SessionRequest")


@_attrs_define
class SessionRequest:
    name: str
    password: str

    def to_dict(self) -> dict[str, Any]:
        name = self.name

        password = self.password

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "name": name,
                "password": password,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        name = d.pop("name")

        password = d.pop("password")

        session_request = cls(
            name=name,
            password=password,
        )

        return session_request
