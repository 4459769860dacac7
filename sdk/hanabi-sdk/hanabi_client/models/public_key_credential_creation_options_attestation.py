from typing import Literal

PublicKeyCredentialCreationOptionsAttestation = Literal["direct", "enterprise", "indirect", "none"]

PUBLIC_KEY_CREDENTIAL_CREATION_OPTIONS_ATTESTATION_VALUES: set[PublicKeyCredentialCreationOptionsAttestation] = {
    "direct",
    "enterprise",
    "indirect",
    "none",
}


def check_public_key_credential_creation_options_attestation(
    value: str,
) -> PublicKeyCredentialCreationOptionsAttestation:
    if value in PUBLIC_KEY_CREDENTIAL_CREATION_OPTIONS_ATTESTATION_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {PUBLIC_KEY_CREDENTIAL_CREATION_OPTIONS_ATTESTATION_VALUES!r}"
    )
