from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from attrs import define as _attrs_define

if TYPE_CHECKING:
    from ..models.public_key_credential_creation_options import PublicKeyCredentialCreationOptions


T = TypeVar("T", bound="PasskeyRegistrationOptions")


@_attrs_define
class PasskeyRegistrationOptions:
    options: PublicKeyCredentialCreationOptions
    """ The options of navigator.credentials.create() as the server makes them (WebAuthn's
    PublicKeyCredentialCreationOptionsJSON): give them to PublicKeyCredential.parseCreationOptionsFromJSON """

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
        from ..models.public_key_credential_creation_options import PublicKeyCredentialCreationOptions  # noqa: PLC0415

        d = dict(src_dict)
        options = PublicKeyCredentialCreationOptions.from_dict(d.pop("options"))

        passkey_registration_options = cls(
            options=options,
        )

        return passkey_registration_options
