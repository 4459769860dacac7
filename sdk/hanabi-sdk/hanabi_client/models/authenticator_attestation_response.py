from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

T = TypeVar("T", bound="AuthenticatorAttestationResponse")


@_attrs_define
class AuthenticatorAttestationResponse:
    """AuthenticatorAttestationResponseJSON: what the server verifies is clientDataJSON and attestationObject; the rest is
    for clients that cannot read attestationObject. Open (additionalProperties): browsers add members as WebAuthn grows
    (Level 3 added several), and the server ignores members it does not know

    """

    client_data_json: str
    """ Bytes in base64url, unpadded """
    attestation_object: str
    """ Bytes in base64url, unpadded """
    authenticator_data: str | Unset = UNSET
    """ Bytes in base64url, unpadded """
    transports: list[str] | Unset = UNSET
    """ How the authenticator is reached (usb, nfc, ble, hybrid, internal, ...): WebAuthn lets the list grow, so any
    string """
    public_key: str | Unset = UNSET
    """ Bytes in base64url, unpadded """
    public_key_algorithm: int | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        client_data_json = self.client_data_json

        attestation_object = self.attestation_object

        authenticator_data = self.authenticator_data

        transports: list[str] | Unset = UNSET
        if not isinstance(self.transports, Unset):
            transports = self.transports

        public_key = self.public_key

        public_key_algorithm = self.public_key_algorithm

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "clientDataJSON": client_data_json,
                "attestationObject": attestation_object,
            }
        )
        if authenticator_data is not UNSET:
            field_dict["authenticatorData"] = authenticator_data
        if transports is not UNSET:
            field_dict["transports"] = transports
        if public_key is not UNSET:
            field_dict["publicKey"] = public_key
        if public_key_algorithm is not UNSET:
            field_dict["publicKeyAlgorithm"] = public_key_algorithm

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        client_data_json = d.pop("clientDataJSON")

        attestation_object = d.pop("attestationObject")

        authenticator_data = d.pop("authenticatorData", UNSET)

        transports = cast(list[str], d.pop("transports", UNSET))

        public_key = d.pop("publicKey", UNSET)

        public_key_algorithm = d.pop("publicKeyAlgorithm", UNSET)

        authenticator_attestation_response = cls(
            client_data_json=client_data_json,
            attestation_object=attestation_object,
            authenticator_data=authenticator_data,
            transports=transports,
            public_key=public_key,
            public_key_algorithm=public_key_algorithm,
        )

        authenticator_attestation_response.additional_properties = d
        return authenticator_attestation_response

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
