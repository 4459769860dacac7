from typing import Literal

Strategy = Literal["basic", "hat", "random"]

STRATEGY_VALUES: set[Strategy] = {
    "basic",
    "hat",
    "random",
}


def check_strategy(value: str) -> Strategy:
    if value in STRATEGY_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {STRATEGY_VALUES!r}")
