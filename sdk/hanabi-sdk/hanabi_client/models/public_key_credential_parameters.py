from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Literal, TypeVar, cast

from attrs import define as _attrs_define

T = TypeVar("T", bound="PublicKeyCredentialParameters")


@_attrs_define
class PublicKeyCredentialParameters:
    """A key type the server verifies: alg is its COSE algorithm number"""

    type_: Literal["public-key"]
    alg: int

    def to_dict(self) -> dict[str, Any]:
        type_ = self.type_

        alg = self.alg

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "type": type_,
                "alg": alg,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        type_ = cast(Literal["public-key"], d.pop("type"))
        if type_ != "public-key":
            raise ValueError(f"type must match const 'public-key', got '{type_}'")

        alg = d.pop("alg")

        public_key_credential_parameters = cls(
            type_=type_,
            alg=alg,
        )

        return public_key_credential_parameters
