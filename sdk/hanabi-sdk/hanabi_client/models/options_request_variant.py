from typing import Literal

OptionsRequestVariant = Literal[
    "6 Suits", "Black (6 Suits)", "Dark Rainbow (6 Suits)", "No Variant", "Rainbow (6 Suits)"
]

OPTIONS_REQUEST_VARIANT_VALUES: set[OptionsRequestVariant] = {
    "6 Suits",
    "Black (6 Suits)",
    "Dark Rainbow (6 Suits)",
    "No Variant",
    "Rainbow (6 Suits)",
}


def check_options_request_variant(value: str) -> OptionsRequestVariant:
    if value in OPTIONS_REQUEST_VARIANT_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {OPTIONS_REQUEST_VARIANT_VALUES!r}")
