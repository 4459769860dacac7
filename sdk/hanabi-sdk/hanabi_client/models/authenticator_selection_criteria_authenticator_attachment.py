from typing import Literal

AuthenticatorSelectionCriteriaAuthenticatorAttachment = Literal["cross-platform", "platform"]

AUTHENTICATOR_SELECTION_CRITERIA_AUTHENTICATOR_ATTACHMENT_VALUES: set[
    AuthenticatorSelectionCriteriaAuthenticatorAttachment
] = {
    "cross-platform",
    "platform",
}


def check_authenticator_selection_criteria_authenticator_attachment(
    value: str,
) -> AuthenticatorSelectionCriteriaAuthenticatorAttachment:
    if value in AUTHENTICATOR_SELECTION_CRITERIA_AUTHENTICATOR_ATTACHMENT_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {AUTHENTICATOR_SELECTION_CRITERIA_AUTHENTICATOR_ATTACHMENT_VALUES!r}"
    )
