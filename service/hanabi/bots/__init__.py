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
"""Strategies made for tables of their own kind: they read every clue as one of their own
convention (the hat bot's hat clues) until a teammate makes a move it never makes."""

TEAM_ONLY_NOTE = (
    "the hat bot plays its own convention, made for tables of hat bots: beside a person it reads their "
    "first clues as hat clues, and once it sees a move that convention never makes it plays the basic "
    "conventions, scoring a point or two less than the basic bot would there; the basic bot plays well "
    "with people"
)
"""What to expect of a team-only bot beside people, as the API and the create form say it."""


def get_strategy(name: str) -> Strategy:
    try:
        return STRATEGIES[name]
    except KeyError:
        raise ValueError(f"unknown bot {name!r}; known bots: {', '.join(sorted(STRATEGIES))}") from None
