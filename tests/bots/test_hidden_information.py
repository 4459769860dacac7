"""The real strategies where the views hide more: clues that only point at cards (Cow & Pig,
Duck) and plays face down into a hole (Throw It in a Hole)."""

import random
import statistics

import pytest
from hanabi.bots import get_strategy
from hanabi.engine import ColorClue, GameOptions, Play, PlayEvent, RankClue, view

from .test_basic import deal
from .test_strategies import play_from_views

RED, YELLOW, GREEN, BLUE, PURPLE, TEAL = range(6)
HOLE, COW_AND_PIG, DUCK = "Throw It in a Hole (6 Suits)", "Cow & Pig (6 Suits)", "Duck (6 Suits)"
basic = get_strategy("basic")


@pytest.mark.slow
@pytest.mark.parametrize(
    ("strategy", "variant", "floor"),
    [
        ("basic", HOLE, 14.0),
        ("basic", COW_AND_PIG, 22.5),
        ("basic", DUCK, 22.5),
        ("hat", HOLE, 14.0),
        ("hat", COW_AND_PIG, 27.0),
        ("hat", DUCK, 26.0),
    ],
)
def test_mean_score_floor_where_views_hide_more(strategy, variant, floor):
    options = GameOptions(players=3, variant=variant)
    scores = [play_from_views(options, strategy, f"hidden-floor/{index}").score for index in range(60)]
    assert statistics.mean(scores) >= floor


@pytest.mark.slow
@pytest.mark.parametrize("strategy", ["basic", "hat"])
@pytest.mark.parametrize("players", [2, 3, 5])
def test_nothing_misplayed_into_the_hole(strategy, players):
    """Seats see neither the fireworks nor the strikes, so a card goes into the hole only when
    everyone knew which card it was and that it played (no gamble either: strikes are unseen)."""
    options = GameOptions(players=players, variant=HOLE)
    for index in range(10):
        state = play_from_views(options, strategy, f"hole/{players}/{index}")
        assert state.strikes == 0
        assert all(event.success for event in state.history if type(event) is PlayEvent)


@pytest.mark.parametrize("variant", [COW_AND_PIG, DUCK])
def test_basic_plays_the_card_a_pointing_clue_focuses(variant):
    """The clue's value is hidden from the receiver; its focus, the newest card it touches
    here, plays now."""
    options = GameOptions(players=2, variant=variant)
    state = deal(
        options,
        [
            [(BLUE, 3), (BLUE, 4), (GREEN, 3), (GREEN, 4), (PURPLE, 4)],
            [(YELLOW, 3), (YELLOW, 4), (RED, 1), (GREEN, 4), (PURPLE, 3)],
        ],
    )
    red_one = 7
    clue = basic(view(state, 0), random.Random(0))
    assert isinstance(clue, (ColorClue, RankClue)) and clue.target == 1
    state = state.apply(clue)
    assert red_one in state.history[-1].touched
    assert view(state, 1).history[-1].value is None
    action = basic(view(state, 1), random.Random(0))
    assert action == Play(1, red_one)
    assert state.apply(action).fireworks[RED] == 1


def test_basic_reads_a_clue_touching_the_chop_with_every_token_in_hand_as_a_stall():
    """With 8 clue tokens a player cannot discard: a clue touching the chop then names nothing,
    so its receiver does not play the chop, which here would not play."""
    options = GameOptions(players=2, variant=DUCK)
    state = deal(
        options,
        [
            [(BLUE, 3), (BLUE, 4), (GREEN, 3), (GREEN, 4), (PURPLE, 4)],
            [(YELLOW, 3), (YELLOW, 4), (GREEN, 2), (GREEN, 4), (PURPLE, 3)],
        ],
    )
    yellow_three = 5
    state = state.apply(ColorClue(0, 1, YELLOW))
    assert yellow_three in state.history[-1].touched
    assert not isinstance(basic(view(state, 1), random.Random(0)), Play)


def test_basic_reads_a_rank_play_clue_in_the_hole_as_the_first_suit_it_may_be():
    """A play must name one identity in Throw It in a Hole: a 1 clued by rank alone is the red 1,
    the first suit's, which then goes into the hole and scores."""
    options = GameOptions(players=2, variant=HOLE)
    state = deal(
        options,
        [
            [(BLUE, 3), (BLUE, 4), (GREEN, 3), (GREEN, 4), (PURPLE, 4)],
            [(YELLOW, 3), (YELLOW, 4), (RED, 1), (GREEN, 4), (PURPLE, 3)],
        ],
    )
    red_one = 7
    state = state.apply(RankClue(0, 1, 1))
    assert state.history[-1].touched == (red_one,)
    action = basic(view(state, 1), random.Random(0))
    assert action == Play(1, red_one)
    assert state.apply(action).fireworks[RED] == 1
