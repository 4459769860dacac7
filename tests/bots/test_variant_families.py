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


FAMILIES = representatives()
BOTS = [*sorted(STRATEGIES), "safe_move"]
PLAYER_COUNTS = (2, 3, 4, 5, 6)


def options_for(players: int, variant: str) -> GameOptions:
    """Deck plays at 4 players, hanab.live's early end from 3 players up."""
    return GameOptions(players=players, variant=variant, deck_plays=players == 4, end_at_best_score=players != 2)


def strategy_of(name: str):
    return safe_move if name == "safe_move" else get_strategy(name)


@pytest.mark.parametrize("variant", FAMILIES)
@pytest.mark.parametrize("strategy", BOTS)
def test_every_bot_is_legal_in_every_variant_family(strategy, variant):
    """One game per bot and family; the player count turns with the family and the bot, so that
    each bot meets every count (deck plays and the early end with them) across the families."""
    players = PLAYER_COUNTS[(FAMILIES.index(variant) + BOTS.index(strategy)) % len(PLAYER_COUNTS)]
    state = play_legally(options_for(players, variant), strategy_of(strategy), f"{strategy}/{variant}/{players}")
    assert state.is_over and 0 <= state.score <= state.lookups.variant.max_score


@pytest.mark.slow
@pytest.mark.parametrize("variant", FAMILIES)
@pytest.mark.parametrize("strategy", BOTS)
def test_every_bot_is_legal_in_every_variant_family_at_2_4_and_6_players(strategy, variant):
    for players in (2, 4, 6):
        state = play_legally(options_for(players, variant), strategy_of(strategy), f"{strategy}/{variant}/{players}")
        assert state.is_over and 0 <= state.score <= state.lookups.variant.max_score
