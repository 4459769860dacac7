from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from attrs import define as _attrs_define

from ..models.user_verification_requirement import UserVerificationRequirement, check_user_verification_requirement
from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.public_key_credential_descriptor import PublicKeyCredentialDescriptor


T = TypeVar("T", bound="PublicKeyCredentialRequestOptions")


@_attrs_define
class PublicKeyCredentialRequestOptions:
    """The options of navigator.credentials.get() as the server makes them (WebAuthn's
    PublicKeyCredentialRequestOptionsJSON): give them to PublicKeyCredential.parseRequestOptionsFromJSON

    """

    challenge: str
    """ Good for one answer within 5 minutes (base64url) """
    timeout: int | Unset = UNSET
    """ Milliseconds the browser may take """
    rp_id: str | Unset = UNSET
    """ The host of HANABI_PUBLIC_URL """
    allow_credentials: list[PublicKeyCredentialDescriptor] | Unset = UNSET
    """ Empty: the authenticator offers any passkey it holds for the site """
    user_verification: UserVerificationRequirement | Unset = UNSET
    """ Whether the authenticator verifies the person (a PIN, a fingerprint): the server prefers it """

    def to_dict(self) -> dict[str, Any]:
        challenge = self.challenge

        timeout = self.timeout

        rp_id = self.rp_id

        allow_credentials: list[dict[str, Any]] | Unset = UNSET
        if not isinstance(self.allow_credentials, Unset):
            allow_credentials = []
            for allow_credentials_item_data in self.allow_credentials:
                allow_credentials_item = allow_credentials_item_data.to_dict()
                allow_credentials.append(allow_credentials_item)

        user_verification: str | Unset = UNSET
        if not isinstance(self.user_verification, Unset):
            user_verification = self.user_verification

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "challenge": challenge,
            }
        )
        if timeout is not UNSET:
            field_dict["timeout"] = timeout
        if rp_id is not UNSET:
            field_dict["rpId"] = rp_id
        if allow_credentials is not UNSET:
            field_dict["allowCredentials"] = allow_credentials
        if user_verification is not UNSET:
            field_dict["userVerification"] = user_verification

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.public_key_credential_descriptor import PublicKeyCredentialDescriptor  # noqa: PLC0415

        d = dict(src_dict)
        challenge = d.pop("challenge")

        timeout = d.pop("timeout", UNSET)

        rp_id = d.pop("rpId", UNSET)

        _allow_credentials = d.pop("allowCredentials", UNSET)
        allow_credentials: list[PublicKeyCredentialDescriptor] | Unset = UNSET
        if _allow_credentials is not UNSET:
            allow_credentials = []
            for allow_credentials_item_data in _allow_credentials:
                allow_credentials_item = PublicKeyCredentialDescriptor.from_dict(allow_credentials_item_data)

                allow_credentials.append(allow_credentials_item)

        _user_verification = d.pop("userVerification", UNSET)
        user_verification: UserVerificationRequirement | Unset
        if isinstance(_user_verification, Unset):
            user_verification = UNSET
        else:
            user_verification = check_user_verification_requirement(_user_verification)

        public_key_credential_request_options = cls(
            challenge=challenge,
            timeout=timeout,
            rp_id=rp_id,
            allow_credentials=allow_credentials,
            user_verification=user_verification,
        )

        return public_key_credential_request_options
