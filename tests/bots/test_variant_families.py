"""Every bot plays only legal actions in every family of hanab.live variants, with 2 to 6 players,
deck plays and hanab.live's early end, fed only views."""

import random

import pytest
from hanabi.bots import STRATEGIES, get_strategy
from hanabi.bots.safe_move import choose as safe_move
from hanabi.engine import GameOptions, new_game, view
from hanabi.engine.variants import representatives


def play_legally(options: GameOptions, choose, seed: str):
    rng = random.Random(seed)
    state = new_game(options, seed=seed)
    while not state.is_over:
        seat_view = view(state, state.current_seat)
        action = choose(seat_view, rng)
        assert action in seat_view.legal_actions, (options.variant, seed, action)
        state = state.apply(action)
    return state


@pytest.mark.parametrize("variant", representatives())
@pytest.mark.parametrize("strategy", [*sorted(STRATEGIES), "safe_move"])
def test_every_bot_is_legal_in_every_variant_family(strategy, variant):
    choose = safe_move if strategy == "safe_move" else get_strategy(strategy)
    for players in (2, 4, 6):
        options = GameOptions(players=players, variant=variant, deck_plays=players == 4, end_at_best_score=players != 2)
        state = play_legally(options, choose, f"{strategy}/{variant}/{players}")
        assert state.is_over and 0 <= state.score <= state.lookups.variant.max_score
