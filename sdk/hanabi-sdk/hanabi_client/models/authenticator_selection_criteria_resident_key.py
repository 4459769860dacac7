from typing import Literal

AuthenticatorSelectionCriteriaResidentKey = Literal["discouraged", "preferred", "required"]

AUTHENTICATOR_SELECTION_CRITERIA_RESIDENT_KEY_VALUES: set[AuthenticatorSelectionCriteriaResidentKey] = {
    "discouraged",
    "preferred",
    "required",
}


def check_authenticator_selection_criteria_resident_key(value: str) -> AuthenticatorSelectionCriteriaResidentKey:
    if value in AUTHENTICATOR_SELECTION_CRITERIA_RESIDENT_KEY_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {AUTHENTICATOR_SELECTION_CRITERIA_RESIDENT_KEY_VALUES!r}"
    )
