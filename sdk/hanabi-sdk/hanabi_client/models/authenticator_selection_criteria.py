from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define

from ..models.authenticator_selection_criteria_authenticator_attachment import (
    AuthenticatorSelectionCriteriaAuthenticatorAttachment,
    check_authenticator_selection_criteria_authenticator_attachment,
)
from ..models.authenticator_selection_criteria_resident_key import (
    AuthenticatorSelectionCriteriaResidentKey,
    check_authenticator_selection_criteria_resident_key,
)
from ..models.user_verification_requirement import UserVerificationRequirement, check_user_verification_requirement
from ..types import UNSET, Unset

T = TypeVar("T", bound="AuthenticatorSelectionCriteria")


@_attrs_define
class AuthenticatorSelectionCriteria:
    """A discoverable credential (signing in asks for no name), verified when it can be"""

    authenticator_attachment: AuthenticatorSelectionCriteriaAuthenticatorAttachment | Unset = UNSET
    resident_key: AuthenticatorSelectionCriteriaResidentKey | Unset = UNSET
    require_resident_key: bool | Unset = UNSET
    user_verification: UserVerificationRequirement | Unset = UNSET
    """ Whether the authenticator verifies the person (a PIN, a fingerprint): the server prefers it """

    def to_dict(self) -> dict[str, Any]:
        authenticator_attachment: str | Unset = UNSET
        if not isinstance(self.authenticator_attachment, Unset):
            authenticator_attachment = self.authenticator_attachment

        resident_key: str | Unset = UNSET
        if not isinstance(self.resident_key, Unset):
            resident_key = self.resident_key

        require_resident_key = self.require_resident_key

        user_verification: str | Unset = UNSET
        if not isinstance(self.user_verification, Unset):
            user_verification = self.user_verification

        field_dict: dict[str, Any] = {}

        field_dict.update({})
        if authenticator_attachment is not UNSET:
            field_dict["authenticatorAttachment"] = authenticator_attachment
        if resident_key is not UNSET:
            field_dict["residentKey"] = resident_key
        if require_resident_key is not UNSET:
            field_dict["requireResidentKey"] = require_resident_key
        if user_verification is not UNSET:
            field_dict["userVerification"] = user_verification

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        _authenticator_attachment = d.pop("authenticatorAttachment", UNSET)
        authenticator_attachment: AuthenticatorSelectionCriteriaAuthenticatorAttachment | Unset
        if isinstance(_authenticator_attachment, Unset):
            authenticator_attachment = UNSET
        else:
            authenticator_attachment = check_authenticator_selection_criteria_authenticator_attachment(
                _authenticator_attachment
            )

        _resident_key = d.pop("residentKey", UNSET)
        resident_key: AuthenticatorSelectionCriteriaResidentKey | Unset
        if isinstance(_resident_key, Unset):
            resident_key = UNSET
        else:
            resident_key = check_authenticator_selection_criteria_resident_key(_resident_key)

        require_resident_key = d.pop("requireResidentKey", UNSET)

        _user_verification = d.pop("userVerification", UNSET)
        user_verification: UserVerificationRequirement | Unset
        if isinstance(_user_verification, Unset):
            user_verification = UNSET
        else:
            user_verification = check_user_verification_requirement(_user_verification)

        authenticator_selection_criteria = cls(
            authenticator_attachment=authenticator_attachment,
            resident_key=resident_key,
            require_resident_key=require_resident_key,
            user_verification=user_verification,
        )

        return authenticator_selection_criteria
