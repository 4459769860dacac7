"""The families that hide information from the seats: Throw It in a Hole (plays face down until
the end) and Cow & Pig, Duck (a clue only points at cards), as hanab.live plays them."""

import json

import pytest
from hanabi.engine import (
    ColorClue,
    GameOptions,
    InvalidOptions,
    Play,
    RankClue,
    full_view,
    view,
)
from hanabi.engine.variants import VARIANTS, family_of

from .test_catalogue import deal

RED, YELLOW, GREEN, BLUE, PURPLE = range(5)
HOLE = "Throw It in a Hole (5 Suits)"


def test_the_families_hold_hanablives_variants():
    families = {"Throw It in a Hole": 44, "Cow & Pig": 4, "Duck": 4}
    for family, count in families.items():
        assert sum(1 for name in VARIANTS if family_of(name) == family) == count
    assert {
        "Throw It in a Hole (4 Suits)",
        "Throw It in a Hole & Dark Orange (6 Suits)",
        "Cow & Pig (3 Suits)",
        "Duck (6 Suits)",
    } <= set(VARIANTS)
    # hanab.live drops these: without a clue token per completed suit they are not winnable by every table.
    assert "Throw It in a Hole (3 Suits)" not in VARIANTS and "Throw It in a Hole & Black (5 Suits)" not in VARIANTS


def five_plays_of_red(variant):
    """Seat 0 plays red 1 to 5 while seat 1 clues its reds: the clue tokens after the red 5."""
    state = deal(variant, [(RED, 1), (RED, 2), (RED, 3), (RED, 4), (RED, 5)])
    for card in range(5):
        state = state.apply(Play(0, card))
        if card < 4:
            state = state.apply(ColorClue(1, 0, RED))
    assert state.fireworks[RED] == 5
    return state.clue_tokens


def test_a_completed_firework_in_the_hole_returns_no_clue_token():
    assert five_plays_of_red("No Variant") == 5
    assert five_plays_of_red(HOLE) == 4


def test_timed_display_is_refused_in_a_hole():
    with pytest.raises(InvalidOptions) as error:
        GameOptions(players=2, variant=HOLE, timed_display=True)
    assert error.value.code == "invalid_option" and "Throw It in a Hole" in error.value.message


def twin_hole_games():
    """Two games that differ only in seat 0's oldest card: red 1 (it scores) or red 3 (a strike),
    swapped with the deck's last card; seat 0 plays it."""
    rest = [
        (BLUE, 1),
        (GREEN, 1),
        (YELLOW, 2),
        (PURPLE, 4),
        (GREEN, 4),
        (BLUE, 3),
        (YELLOW, 1),
        (PURPLE, 1),
        (GREEN, 2),
    ]
    scores = deal(HOLE, [(RED, 1)] + rest)
    strikes = deal(HOLE, [(RED, 3)] + rest)
    return scores.apply(Play(0, 0)), strikes.apply(Play(0, 0))


def test_a_hole_play_shows_no_seat_what_it_was_nor_whether_it_scored():
    scored, missed = twin_hole_games()
    assert (scored.score, scored.strikes, missed.score, missed.strikes) == (1, 0, 0, 1)
    for seat in (0, 1):
        seen = view(scored, seat).to_dict()
        assert seen == view(missed, seat).to_dict()
        play = seen["history"][-1]
        assert (play["kind"], play["card"], play["suit"], play["rank"], play["success"]) == (
            "play",
            0,
            None,
            None,
            None,
        )
        hidden = (
            "score",
            "fireworks_total",
            "max_score",
            "strikes",
            "fireworks",
            "next_ranks",
            "firework_tops",
            "directions",
            "pace",
            "efficiency",
        )
        assert [seen[key] for key in hidden] == [None] * len(hidden)
        assert seen["discards"] == []
    assert full_view(missed).discards[0].rank == 3 and full_view(scored).fireworks[RED] == 1


def test_once_the_game_ends_every_seat_sees_the_hole():
    _, missed = twin_hole_games()
    state = missed
    while not state.is_over:  # everyone plays their oldest card until the third strike
        state = state.apply(Play(state.current_seat, state.hands[state.current_seat][-1]))
    seen = view(state, 0)
    assert seen.strikes == state.strikes == 3 and seen.fireworks == state.fireworks
    assert (seen.history[0].suit, seen.history[0].rank, seen.history[0].success) == (RED, 3, False)


@pytest.mark.parametrize("variant, kind_shown", [("Cow & Pig (5 Suits)", True), ("Duck (5 Suits)", False)])
def test_a_pointing_clue_shows_only_its_giver_its_value(variant, kind_shown):
    state = deal(
        variant,
        [(PURPLE, 4)] * 2
        + [(PURPLE, 3)] * 2
        + [(PURPLE, 2)]
        + [(RED, 1), (BLUE, 2), (GREEN, 3), (YELLOW, 4), (BLUE, 5)],
        players=3,
    )
    clued = state.apply(ColorClue(0, 1, RED))
    assert view(clued, 0).history[-1].value == RED
    for seat in (1, 2):
        seen = view(clued, seat)
        clue = seen.history[-1]
        assert clue.touched == (5,) and clue.value is None
        assert (clue.clue_kind, clue.kind) == (("color", "color_clue") if kind_shown else (None, "clue"))
        card = next(c for c in seen.hands[1] if c.id == 5)
        assert card.clues == (clue,)
        assert "red" not in json.dumps(seen.to_dict()["history"])
    # The receiver learns nothing of the cards' identities: hanab.live applies no clue.
    mine = view(clued, 1).hands[1]
    assert all(
        c.possible_suits == (RED, YELLOW, GREEN, BLUE, PURPLE) and c.possible_ranks == (1, 2, 3, 4, 5) for c in mine
    )
    assert clued.history[-1].informative


def test_two_duck_clues_that_point_at_the_same_card_look_the_same_to_the_other_seats():
    state = deal(
        "Duck (5 Suits)",
        [(PURPLE, 4)] * 2
        + [(PURPLE, 3)] * 2
        + [(PURPLE, 2)]
        + [(RED, 1), (BLUE, 2), (GREEN, 3), (YELLOW, 4), (BLUE, 5)],
        players=3,
    )
    by_color, by_rank = state.apply(ColorClue(0, 1, RED)), state.apply(RankClue(0, 1, 1))
    assert by_color.history[-1].touched == by_rank.history[-1].touched == (5,)
    for seat in (1, 2):
        assert view(by_color, seat).to_dict() == view(by_rank, seat).to_dict()
    assert view(by_color, 0).to_dict() != view(by_rank, 0).to_dict()
