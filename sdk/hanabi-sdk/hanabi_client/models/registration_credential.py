from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Literal, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.authentication_extensions_client_outputs import AuthenticationExtensionsClientOutputs
    from ..models.authenticator_attestation_response import AuthenticatorAttestationResponse


T = TypeVar("T", bound="RegistrationCredential")


@_attrs_define
class RegistrationCredential:
    """The browser's answer to the creation options: navigator.credentials.create()'s toJSON() (WebAuthn's
    RegistrationResponseJSON). Open (additionalProperties): browsers add members as WebAuthn grows (Level 3 added
    several), and the server ignores members it does not know

    """

    id: str
    """ Bytes in base64url, unpadded """
    raw_id: str
    """ Bytes in base64url, unpadded """
    type_: Literal["public-key"]
    response: AuthenticatorAttestationResponse
    """ AuthenticatorAttestationResponseJSON: what the server verifies is clientDataJSON and attestationObject; the
    rest is for clients that cannot read attestationObject. Open (additionalProperties): browsers add members as
    WebAuthn grows (Level 3 added several), and the server ignores members it does not know """
    authenticator_attachment: None | str | Unset = UNSET
    client_extension_results: AuthenticationExtensionsClientOutputs | Unset = UNSET
    """ The browser's results of WebAuthn extensions (none asked for). Open: each extension defines its own members
    """
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        id = self.id

        raw_id = self.raw_id

        type_ = self.type_

        response = self.response.to_dict()

        authenticator_attachment: None | str | Unset
        if isinstance(self.authenticator_attachment, Unset):
            authenticator_attachment = UNSET
        else:
            authenticator_attachment = self.authenticator_attachment

        client_extension_results: dict[str, Any] | Unset = UNSET
        if not isinstance(self.client_extension_results, Unset):
            client_extension_results = self.client_extension_results.to_dict()

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "id": id,
                "rawId": raw_id,
                "type": type_,
                "response": response,
            }
        )
        if authenticator_attachment is not UNSET:
            field_dict["authenticatorAttachment"] = authenticator_attachment
        if client_extension_results is not UNSET:
            field_dict["clientExtensionResults"] = client_extension_results

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.authentication_extensions_client_outputs import AuthenticationExtensionsClientOutputs  # noqa: PLC0415
        from ..models.authenticator_attestation_response import AuthenticatorAttestationResponse  # noqa: PLC0415

        d = dict(src_dict)
        id = d.pop("id")

        raw_id = d.pop("rawId")

        type_ = cast(Literal["public-key"], d.pop("type"))
        if type_ != "public-key":
            raise ValueError(f"type must match const 'public-key', got '{type_}'")

        response = AuthenticatorAttestationResponse.from_dict(d.pop("response"))

        def _parse_authenticator_attachment(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        authenticator_attachment = _parse_authenticator_attachment(d.pop("authenticatorAttachment", UNSET))

        _client_extension_results = d.pop("clientExtensionResults", UNSET)
        client_extension_results: AuthenticationExtensionsClientOutputs | Unset
        if isinstance(_client_extension_results, Unset):
            client_extension_results = UNSET
        else:
            client_extension_results = AuthenticationExtensionsClientOutputs.from_dict(_client_extension_results)

        registration_credential = cls(
            id=id,
            raw_id=raw_id,
            type_=type_,
            response=response,
            authenticator_attachment=authenticator_attachment,
            client_extension_results=client_extension_results,
        )

        registration_credential.additional_properties = d
        return registration_credential

    @property
    def additional_keys(self) -> list[str]:
        return list(self.additional_properties.keys())

    def __getitem__(self, key: str) -> Any:
        return self.additional_properties[key]

    def __setitem__(self, key: str, value: Any) -> None:
        self.additional_properties[key] = value

    def __delitem__(self, key: str) -> None:
        del self.additional_properties[key]

    def __contains__(self, key: str) -> bool:
        return key in self.additional_properties
