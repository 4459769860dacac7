from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define

T = TypeVar("T", bound="PublicKeyCredentialUserEntity")


@_attrs_define
class PublicKeyCredentialUserEntity:
    """Your account: id is its id's digits in base64url, name and displayName its name"""

    id: str
    """ Bytes in base64url, unpadded """
    name: str
    display_name: str

    def to_dict(self) -> dict[str, Any]:
        id = self.id

        name = self.name

        display_name = self.display_name

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "id": id,
                "name": name,
                "displayName": display_name,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        id = d.pop("id")

        name = d.pop("name")

        display_name = d.pop("displayName")

        public_key_credential_user_entity = cls(
            id=id,
            name=name,
            display_name=display_name,
        )

        return public_key_credential_user_entity
