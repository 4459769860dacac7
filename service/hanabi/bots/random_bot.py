"""The random bot: uniform over the legal actions."""

import random

from ..engine import Action, View


def choose(view: View, rng: random.Random) -> Action:
    return rng.choice(view.legal_actions)
