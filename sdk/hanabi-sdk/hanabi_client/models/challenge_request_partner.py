from typing import Literal

ChallengeRequestPartner = Literal["basic", "hat", "random"]

CHALLENGE_REQUEST_PARTNER_VALUES: set[ChallengeRequestPartner] = {
    "basic",
    "hat",
    "random",
}


def check_challenge_request_partner(value: str) -> ChallengeRequestPartner:
    if value in CHALLENGE_REQUEST_PARTNER_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {CHALLENGE_REQUEST_PARTNER_VALUES!r}")
