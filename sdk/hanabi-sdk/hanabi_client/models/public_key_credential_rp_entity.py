from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define

T = TypeVar("T", bound="PublicKeyCredentialRpEntity")


@_attrs_define
class PublicKeyCredentialRpEntity:
    """The relying party: this service, whose id is the host of HANABI_PUBLIC_URL"""

    id: str
    name: str

    def to_dict(self) -> dict[str, Any]:
        id = self.id

        name = self.name

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "id": id,
                "name": name,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        id = d.pop("id")

        name = d.pop("name")

        public_key_credential_rp_entity = cls(
            id=id,
            name=name,
        )

        return public_key_credential_rp_entity
