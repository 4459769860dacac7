from typing import Literal

UserVerificationRequirement = Literal["discouraged", "preferred", "required"]

USER_VERIFICATION_REQUIREMENT_VALUES: set[UserVerificationRequirement] = {
    "discouraged",
    "preferred",
    "required",
}


def check_user_verification_requirement(value: str) -> UserVerificationRequirement:
    if value in USER_VERIFICATION_REQUIREMENT_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {USER_VERIFICATION_REQUIREMENT_VALUES!r}")
