"""Bot strategies: a strategy maps one seat's view (and a random source) to an action.

Bots see only what a seat may see, so the same code plays in the simulator, in server-side
bot seats and against any server through the SDK.
"""

import random
from collections.abc import Callable

from ..engine import Action, View
from . import basic, hat, random_bot

Strategy = Callable[[View, random.Random], Action]

STRATEGIES: dict[str, Strategy] = {
    "random": random_bot.choose,
    "basic": basic.choose,
    "hat": hat.choose,
}

TEAM_ONLY = frozenset({"hat"})
"""Strategies that read every clue as one of their own convention (the hat bot's hat clues):
beside a player that does not follow it, such as a person, they misread clues until they notice
a move that breaks their convention and fall back to the basic conventions, so they play weaker
there than a bot made for such tables."""


def get_strategy(name: str) -> Strategy:
    try:
        return STRATEGIES[name]
    except KeyError:
        raise ValueError(f"unknown bot {name!r}; known bots: {', '.join(sorted(STRATEGIES))}") from None
