from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from attrs import define as _attrs_define

if TYPE_CHECKING:
    from ..models.public_key_credential_request_options import PublicKeyCredentialRequestOptions


T = TypeVar("T", bound="PasskeySignInOptions")


@_attrs_define
class PasskeySignInOptions:
    options: PublicKeyCredentialRequestOptions
    """ The options of navigator.credentials.get() as the server makes them (WebAuthn's
    PublicKeyCredentialRequestOptionsJSON): give them to PublicKeyCredential.parseRequestOptionsFromJSON """

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
        from ..models.public_key_credential_request_options import PublicKeyCredentialRequestOptions  # noqa: PLC0415

        d = dict(src_dict)
        options = PublicKeyCredentialRequestOptions.from_dict(d.pop("options"))

        passkey_sign_in_options = cls(
            options=options,
        )

        return passkey_sign_in_options
