from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from attrs import define as _attrs_define

if TYPE_CHECKING:
    from ..models.passkey_options_options import PasskeyOptionsOptions


T = TypeVar("T", bound="PasskeyOptions")


@_attrs_define
class PasskeyOptions:
    options: PasskeyOptionsOptions
    """ PublicKeyCredentialCreationOptionsJSON (registration) or PublicKeyCredentialRequestOptionsJSON (sign-in):
    give it to the browser's PublicKeyCredential.parseCreationOptionsFromJSON / parseRequestOptionsFromJSON """

    def to_dict(self) -> dict[str, Any]:
        options = self.options.to_dict()

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "options": options,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.passkey_options_options import PasskeyOptionsOptions  # noqa: PLC0415

        d = dict(src_dict)
        options = PasskeyOptionsOptions.from_dict(d.pop("options"))

        passkey_options = cls(
            options=options,
        )

        return passkey_options
