"""Sudoku: two of each card, as many ranks as suits; each firework starts at a rank no other
firework started at and wraps around from its highest rank to 1 (hanab.live's
rules/variants/sudoku.ts and server/src/variants_sudoku.go, docs/variants.md)."""

import pytest
from hanabi.engine import (
    Discard,
    GameOptions,
    Play,
    RankClue,
    get_variant,
    new_game,
    stacked_deck,
    view,
)
from hanabi.engine.fireworks import sudoku_runs
from hanabi.engine.variants import VARIANTS, family_of

RED, YELLOW, GREEN, BLUE, PURPLE = range(5)


def deal(top, variant="Sudoku (5 Suits)", players=2, **options):
    opts = GameOptions(players=players, variant=variant, **options)
    return new_game(opts, deck=stacked_deck(opts.variant_rules, top))


def test_the_family_is_hanablives_33_variants():
    names = [name for name in VARIANTS if family_of(name) == "Sudoku"]
    assert len(names) == 33
    assert sum(name.endswith("(4 Suits)") for name in names) == 11
    assert "Sudoku & Black (4 Suits)" not in VARIANTS and "Sudoku & Gray (5 Suits)" in VARIANTS


def test_decks_hold_two_of_each_rank_up_to_the_number_of_suits():
    five, four = get_variant("Sudoku (5 Suits)"), get_variant("Sudoku (4 Suits)")
    assert five.deck_size() == 50 and five.max_score == 25 and five.suits[RED].ranks == (1, 1, 2, 2, 3, 3, 4, 4, 5, 5)
    assert (
        four.deck_size() == 32
        and four.max_score == 16
        and four.ranks == (1, 2, 3, 4)
        and four.clue_ranks == (1, 2, 3, 4)
    )
    assert get_variant("Sudoku & Gray (5 Suits)").suits[PURPLE].ranks == (1, 2, 3, 4, 5)


def test_a_firework_starts_at_any_rank_and_wraps_around():
    reds = [(RED, 3), (RED, 4), (RED, 5), (RED, 1), (RED, 2)]
    state = deal(reds + [(YELLOW, 3), (YELLOW, 4), (GREEN, 1), (GREEN, 1), (BLUE, 1)])
    assert state.next_ranks(RED) == (1, 2, 3, 4, 5)
    state = state.apply(Play(0, 0))
    assert state.fireworks[RED] == 1 and state.stack_starts()[RED] == 3 and state.next_ranks(RED) == (4,)
    assert state.next_ranks(YELLOW) == (1, 2, 4, 5)
    state = state.apply(Play(1, 5))
    assert state.strikes == 1 and state.fireworks[YELLOW] == 0
    for card in (1, 2, 3):
        state = state.apply(Play(0, card)).apply(RankClue(1, 0, 2))
    assert state.fireworks[RED] == 4 and state.next_ranks(RED) == (2,) and state.clue_tokens == 5
    state = state.apply(Play(0, 4))
    assert state.fireworks[RED] == 5 and state.next_ranks(RED) == () and state.clue_tokens == 6
    assert state.strikes == 1 and state.direction(RED) == "up"
    assert view(state, 1).to_dict()["next_ranks"][:2] == [[], [1, 2, 4, 5]]


def test_a_four_suit_firework_wraps_after_its_four():
    state = deal([(BLUE, 4), (BLUE, 1), (BLUE, 2), (BLUE, 3), (RED, 1)], "Sudoku (4 Suits)")
    for card in range(3):
        state = state.apply(Play(0, card)).apply(RankClue(1, 0, 1))
    assert state.next_ranks(BLUE) == (3,)
    state = state.apply(Play(0, 3))
    assert state.fireworks[BLUE] == 4 and state.next_ranks(BLUE) == () and state.clue_tokens == 6


@pytest.mark.parametrize(
    "dead, runs",
    # hanab.live's sudoku.test.ts: the longest run from each start, given the ranks all lost.
    [
        ({1}, (0, 4, 3, 2, 1)),
        ({2}, (1, 0, 4, 3, 2)),
        ({3}, (2, 1, 0, 4, 3)),
        ({4}, (3, 2, 1, 0, 4)),
        ({5}, (4, 3, 2, 1, 0)),
        ({2, 5}, (1, 0, 2, 1, 0)),
        ({1, 4}, (0, 2, 1, 0, 1)),
        ({1, 2, 5}, (0, 0, 2, 1, 0)),
        (set(), (5, 5, 5, 5, 5)),
    ],
)
def test_runs_from_each_start_of_five_ranks(dead, runs):
    assert sudoku_runs([rank in dead for rank in range(1, 6)]) == runs


@pytest.mark.parametrize(
    "dead, runs",
    [
        ({1}, (0, 3, 2, 1)),
        ({2}, (1, 0, 3, 2)),
        ({3}, (2, 1, 0, 3)),
        ({4}, (3, 2, 1, 0)),
        ({2, 4}, (1, 0, 1, 0)),
        ({1, 4}, (0, 2, 1, 0)),
        ({1, 2, 4}, (0, 0, 1, 0)),
    ],
)
def test_runs_from_each_start_of_four_ranks(dead, runs):
    assert sudoku_runs([rank in dead for rank in range(1, 5)]) == runs


def test_the_best_score_gives_the_free_starts_to_the_fireworks_that_gain_most():
    """hanab.live's gameReducer regression test: red starts at 3, yellow at 2, blue at 5, both
    purple 2s are lost; purple can still start at 4 (4, 5, 1), until green takes 4 and leaves
    purple only 1."""
    top = [(RED, 3), (YELLOW, 2), (BLUE, 5), (PURPLE, 2), (PURPLE, 2), (GREEN, 4)]
    state = deal(top, clue_tokens=7)
    for card in (0, 1, 2):
        state = state.apply(Play(0, card)).apply(RankClue(1, 0, 2))
    state = state.apply(Discard(0, 3)).apply(RankClue(1, 0, 2)).apply(Discard(0, 4))
    assert state.fireworks == (1, 1, 0, 1, 0) and state.strikes == 0
    assert state.max_ranks() == (5, 5, 5, 5, 3) and state.max_score == 23
    state = state.apply(Play(1, 5))
    assert state.stack_starts()[GREEN] == 4 and state.next_ranks(PURPLE) == (1,)
    assert state.max_ranks() == (5, 5, 5, 5, 1) and state.max_score == 21


def test_a_views_firework_top_is_the_last_card_played_on_it_after_the_wrap():
    reds = [(RED, 4), (RED, 5), (RED, 1), (RED, 2), (RED, 3)]
    state = deal(reds + [(YELLOW, 3), (YELLOW, 4), (GREEN, 1), (GREEN, 1), (BLUE, 1)])
    for card in (0, 1, 2):
        state = state.apply(Play(0, card)).apply(RankClue(1, 0, 2))
    seen = view(state, 1)
    assert seen.fireworks[RED] == 3 and seen.firework_tops[RED] == 1 and seen.firework_tops[YELLOW] is None
