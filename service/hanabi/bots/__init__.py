"""Bot strategies: a strategy maps one seat's view (and a random source) to an action.

Bots see only what a seat may see, so the same code plays in the simulator, in server-side
bot seats and against any server through the SDK.
"""

import random
from typing import Callable

from ..engine import Action, View
from . import basic, hat, random_bot

Strategy = Callable[[View, random.Random], Action]

STRATEGIES: dict[str, Strategy] = {
    "random": random_bot.choose,
    "basic": basic.choose,
    "hat": hat.choose,
}


def get_strategy(name: str) -> Strategy:
    try:
        return STRATEGIES[name]
    except KeyError:
        raise ValueError(f"unknown bot {name!r}; known bots: {', '.join(sorted(STRATEGIES))}") from None
