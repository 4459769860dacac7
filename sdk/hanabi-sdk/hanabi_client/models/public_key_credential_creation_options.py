from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from attrs import define as _attrs_define

from ..models.public_key_credential_creation_options_attestation import (
    PublicKeyCredentialCreationOptionsAttestation,
    check_public_key_credential_creation_options_attestation,
)
from ..models.public_key_credential_creation_options_hints_item import (
    PublicKeyCredentialCreationOptionsHintsItem,
    check_public_key_credential_creation_options_hints_item,
)
from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.authenticator_selection_criteria import AuthenticatorSelectionCriteria
    from ..models.public_key_credential_descriptor import PublicKeyCredentialDescriptor
    from ..models.public_key_credential_parameters import PublicKeyCredentialParameters
    from ..models.public_key_credential_rp_entity import PublicKeyCredentialRpEntity
    from ..models.public_key_credential_user_entity import PublicKeyCredentialUserEntity


T = TypeVar("T", bound="PublicKeyCredentialCreationOptions")


@_attrs_define
class PublicKeyCredentialCreationOptions:
    """The options of navigator.credentials.create() as the server makes them (WebAuthn's
    PublicKeyCredentialCreationOptionsJSON): give them to PublicKeyCredential.parseCreationOptionsFromJSON

    """

    rp: PublicKeyCredentialRpEntity
    """ The relying party: this service, whose id is the host of HANABI_PUBLIC_URL """
    user: PublicKeyCredentialUserEntity
    """ Your account: id is its id's digits in base64url, name and displayName its name """
    challenge: str
    """ Good for one answer within 5 minutes (base64url) """
    pub_key_cred_params: list[PublicKeyCredentialParameters]
    """ The key types the server verifies, preferred first (COSE algorithm numbers) """
    timeout: int | Unset = UNSET
    """ Milliseconds the browser may take """
    exclude_credentials: list[PublicKeyCredentialDescriptor] | Unset = UNSET
    """ Your passkeys already registered: an authenticator holding one makes no other """
    authenticator_selection: AuthenticatorSelectionCriteria | Unset = UNSET
    """ A discoverable credential (signing in asks for no name), verified when it can be """
    attestation: PublicKeyCredentialCreationOptionsAttestation | Unset = UNSET
    hints: list[PublicKeyCredentialCreationOptionsHintsItem] | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        rp = self.rp.to_dict()

        user = self.user.to_dict()

        challenge = self.challenge

        pub_key_cred_params = []
        for pub_key_cred_params_item_data in self.pub_key_cred_params:
            pub_key_cred_params_item = pub_key_cred_params_item_data.to_dict()
            pub_key_cred_params.append(pub_key_cred_params_item)

        timeout = self.timeout

        exclude_credentials: list[dict[str, Any]] | Unset = UNSET
        if not isinstance(self.exclude_credentials, Unset):
            exclude_credentials = []
            for exclude_credentials_item_data in self.exclude_credentials:
                exclude_credentials_item = exclude_credentials_item_data.to_dict()
                exclude_credentials.append(exclude_credentials_item)

        authenticator_selection: dict[str, Any] | Unset = UNSET
        if not isinstance(self.authenticator_selection, Unset):
            authenticator_selection = self.authenticator_selection.to_dict()

        attestation: str | Unset = UNSET
        if not isinstance(self.attestation, Unset):
            attestation = self.attestation

        hints: list[str] | Unset = UNSET
        if not isinstance(self.hints, Unset):
            hints = []
            for hints_item_data in self.hints:
                hints_item: str = hints_item_data
                hints.append(hints_item)

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "rp": rp,
                "user": user,
                "challenge": challenge,
                "pubKeyCredParams": pub_key_cred_params,
            }
        )
        if timeout is not UNSET:
            field_dict["timeout"] = timeout
        if exclude_credentials is not UNSET:
            field_dict["excludeCredentials"] = exclude_credentials
        if authenticator_selection is not UNSET:
            field_dict["authenticatorSelection"] = authenticator_selection
        if attestation is not UNSET:
            field_dict["attestation"] = attestation
        if hints is not UNSET:
            field_dict["hints"] = hints

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.authenticator_selection_criteria import AuthenticatorSelectionCriteria  # noqa: PLC0415
        from ..models.public_key_credential_descriptor import PublicKeyCredentialDescriptor  # noqa: PLC0415
        from ..models.public_key_credential_parameters import PublicKeyCredentialParameters  # noqa: PLC0415
        from ..models.public_key_credential_rp_entity import PublicKeyCredentialRpEntity  # noqa: PLC0415
        from ..models.public_key_credential_user_entity import PublicKeyCredentialUserEntity  # noqa: PLC0415

        d = dict(src_dict)
        rp = PublicKeyCredentialRpEntity.from_dict(d.pop("rp"))

        user = PublicKeyCredentialUserEntity.from_dict(d.pop("user"))

        challenge = d.pop("challenge")

        pub_key_cred_params = []
        _pub_key_cred_params = d.pop("pubKeyCredParams")
        for pub_key_cred_params_item_data in _pub_key_cred_params:
            pub_key_cred_params_item = PublicKeyCredentialParameters.from_dict(pub_key_cred_params_item_data)

            pub_key_cred_params.append(pub_key_cred_params_item)

        timeout = d.pop("timeout", UNSET)

        _exclude_credentials = d.pop("excludeCredentials", UNSET)
        exclude_credentials: list[PublicKeyCredentialDescriptor] | Unset = UNSET
        if _exclude_credentials is not UNSET:
            exclude_credentials = []
            for exclude_credentials_item_data in _exclude_credentials:
                exclude_credentials_item = PublicKeyCredentialDescriptor.from_dict(exclude_credentials_item_data)

                exclude_credentials.append(exclude_credentials_item)

        _authenticator_selection = d.pop("authenticatorSelection", UNSET)
        authenticator_selection: AuthenticatorSelectionCriteria | Unset
        if isinstance(_authenticator_selection, Unset):
            authenticator_selection = UNSET
        else:
            authenticator_selection = AuthenticatorSelectionCriteria.from_dict(_authenticator_selection)

        _attestation = d.pop("attestation", UNSET)
        attestation: PublicKeyCredentialCreationOptionsAttestation | Unset
        if isinstance(_attestation, Unset):
            attestation = UNSET
        else:
            attestation = check_public_key_credential_creation_options_attestation(_attestation)

        _hints = d.pop("hints", UNSET)
        hints: list[PublicKeyCredentialCreationOptionsHintsItem] | Unset = UNSET
        if _hints is not UNSET:
            hints = []
            for hints_item_data in _hints:
                hints_item = check_public_key_credential_creation_options_hints_item(hints_item_data)

                hints.append(hints_item)

        public_key_credential_creation_options = cls(
            rp=rp,
            user=user,
            challenge=challenge,
            pub_key_cred_params=pub_key_cred_params,
            timeout=timeout,
            exclude_credentials=exclude_credentials,
            authenticator_selection=authenticator_selection,
            attestation=attestation,
            hints=hints,
        )

        return public_key_credential_creation_options
