import random

from hanabi.bots import get_strategy
from hanabi.engine import GameOptions, new_game, view


def test_random_games_end_with_a_legal_history():
    choose = get_strategy("random")
    for players in range(2, 6):
        state = new_game(GameOptions(players=players), seed=f"smoke-{players}")
        rng = random.Random(players)
        while not state.is_over:
            state = state.apply(choose(view(state, state.current_seat), rng))
        assert state.turn == sum(1 for e in state.history if type(e).__name__ != "ReorderEvent")
