from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Literal, TypeVar, cast

from attrs import define as _attrs_define

from ..types import UNSET, Unset

T = TypeVar("T", bound="PublicKeyCredentialDescriptor")


@_attrs_define
class PublicKeyCredentialDescriptor:
    """A credential the ceremony names (WebAuthn's PublicKeyCredentialDescriptorJSON)"""

    id: str
    """ Bytes in base64url, unpadded """
    type_: Literal["public-key"]
    transports: list[str] | Unset = UNSET
    """ How the authenticator is reached (usb, nfc, ble, hybrid, internal, ...): WebAuthn lets the list grow, so any
    string """

    def to_dict(self) -> dict[str, Any]:
        id = self.id

        type_ = self.type_

        transports: list[str] | Unset = UNSET
        if not isinstance(self.transports, Unset):
            transports = self.transports

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "id": id,
                "type": type_,
            }
        )
        if transports is not UNSET:
            field_dict["transports"] = transports

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        id = d.pop("id")

        type_ = cast(Literal["public-key"], d.pop("type"))
        if type_ != "public-key":
            raise ValueError(f"type must match const 'public-key', got '{type_}'")

        transports = cast(list[str], d.pop("transports", UNSET))

        public_key_credential_descriptor = cls(
            id=id,
            type_=type_,
            transports=transports,
        )

        return public_key_credential_descriptor
