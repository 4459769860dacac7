"""The hat strategy's public inferences hold in self-play."""

import random

import pytest
from hanabi.bots import hat
from hanabi.engine import Discard, GameOptions, new_game, view


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_a_discard_with_clue_tokens_left_means_no_one_else_misses_a_play(players):
    """Everyone concludes from such a discard that their cards not known to play do not: the
    conclusion must be true, and once drawn, every playable card of the others is known as such."""
    discards = 0
    for index in range(15):
        seed = f"hat-discard/{players}/{index}"
        state, rng = new_game(GameOptions(players=players), seed=seed), random.Random(seed)
        while not state.is_over:
            seat = state.current_seat
            seat_view = view(state, seat)
            action = hat.choose(seat_view, rng)
            if type(action) is Discard and state.clue_tokens > 0:
                discards += 1
                public = hat.public_state(seat_view)
                playable = public.masks()[0]
                for other, hand in enumerate(state.hands):
                    for card in hand if other != seat else ():
                        suit, rank = state.deck[card]
                        if state.fireworks[suit] == rank - 1:
                            assert public.know[card] & ~playable == 0, (seed, state.turn, other, card)
            state = state.apply(action)
    assert discards >= 3
