from typing import Literal

ListMyGamesOrder = Literal["inbox", "newest"]

LIST_MY_GAMES_ORDER_VALUES: set[ListMyGamesOrder] = {
    "inbox",
    "newest",
}


def check_list_my_games_order(value: str) -> ListMyGamesOrder:
    if value in LIST_MY_GAMES_ORDER_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {LIST_MY_GAMES_ORDER_VALUES!r}")
