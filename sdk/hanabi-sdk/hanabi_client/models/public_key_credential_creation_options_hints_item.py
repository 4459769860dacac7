from typing import Literal

PublicKeyCredentialCreationOptionsHintsItem = Literal["client-device", "hybrid", "security-key"]

PUBLIC_KEY_CREDENTIAL_CREATION_OPTIONS_HINTS_ITEM_VALUES: set[PublicKeyCredentialCreationOptionsHintsItem] = {
    "client-device",
    "hybrid",
    "security-key",
}


def check_public_key_credential_creation_options_hints_item(value: str) -> PublicKeyCredentialCreationOptionsHintsItem:
    if value in PUBLIC_KEY_CREDENTIAL_CREATION_OPTIONS_HINTS_ITEM_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {PUBLIC_KEY_CREDENTIAL_CREATION_OPTIONS_HINTS_ITEM_VALUES!r}"
    )
