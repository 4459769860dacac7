from typing import Literal

ChallengeStatus = Literal["accepted", "cancelled", "declined", "expired", "pending"]

CHALLENGE_STATUS_VALUES: set[ChallengeStatus] = {
    "accepted",
    "cancelled",
    "declined",
    "expired",
    "pending",
}


def check_challenge_status(value: str) -> ChallengeStatus:
    if value in CHALLENGE_STATUS_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {CHALLENGE_STATUS_VALUES!r}")
