"""Clue Starved: a discard, and a completed firework, give half a clue token; a clue takes a
whole one (hanab.live's rule, docs/variants.md)."""

import pytest
from hanabi.engine import (
    ColorClue,
    Discard,
    GameOptions,
    IllegalAction,
    Play,
    RankClue,
    get_variant,
    new_game,
    stacked_deck,
    view,
    view_from_dict,
)
from hanabi.engine.stats import table_stats
from hanabi.engine.variants import VARIANTS, family_of, required_efficiency

RED, YELLOW = 0, 1
FIVE_REDS = [(RED, 1), (RED, 2), (RED, 3), (RED, 4), (RED, 5)]


def deal(top, variant="Clue Starved (5 Suits)", **options):
    opts = GameOptions(players=2, variant=variant, **options)
    return new_game(opts, deck=stacked_deck(opts.variant_rules, top))


def tokens(state):
    return state.clue_tokens + 0.5 * state.half_clue_token


def test_the_family_is_hanablives_22_variants():
    names = [name for name in VARIANTS if family_of(name) == "Clue Starved"]
    assert len(names) == 22
    assert {"Clue Starved (6 Suits)", "Clue Starved (5 Suits)", "Clue Starved & Orange (5 Suits)"} <= set(names)
    # hanab.live's efficiency filter keeps no 4- or 3-suit Clue Starved variant.
    assert "Clue Starved (4 Suits)" not in VARIANTS and "Clue Starved & Black (6 Suits)" not in VARIANTS
    assert get_variant("Clue Starved (6 Suits)").deck_size() == 60


def test_a_discard_gives_half_a_token_and_two_make_a_whole_one():
    state = deal(FIVE_REDS).apply(RankClue(0, 1, 1))
    assert tokens(state) == 7
    state = state.apply(Discard(1, 9))
    assert (state.clue_tokens, state.half_clue_token) == (7, True)
    state = state.apply(Discard(0, 4))
    assert (state.clue_tokens, state.half_clue_token) == (8, False)
    with pytest.raises(IllegalAction) as info:
        state.apply(Discard(1, 8))
    assert info.value.code == "clue_tokens_full"


def test_a_clue_needs_a_whole_token_and_keeps_the_half():
    state = deal(FIVE_REDS, clue_tokens=2).apply(RankClue(0, 1, 1)).apply(RankClue(1, 0, 1)).apply(Discard(0, 4))
    assert tokens(state) == 0.5 and state.current_seat == 1
    assert not any(isinstance(a, (ColorClue, RankClue)) for a in state.legal_actions())
    with pytest.raises(IllegalAction) as info:
        state.apply(ColorClue(1, 0, RED))
    assert info.value.code == "no_clue_tokens"
    state = state.apply(Discard(1, 9)).apply(Discard(0, 3))
    assert tokens(state) == 1.5
    assert RankClue(1, 0, 1) in state.legal_actions()
    state = state.apply(RankClue(1, 0, 1))
    assert tokens(state) == 0.5


def test_a_completed_firework_gives_half_a_token():
    state = deal(FIVE_REDS)
    for card in range(4):
        state = state.apply(Play(0, card)).apply(RankClue(1, 0, 5))
    assert tokens(state) == 4
    state = state.apply(Play(0, 4))
    assert state.fireworks[RED] == 5 and tokens(state) == 4.5


def test_views_keep_whole_tokens_in_clue_tokens_and_say_the_half_apart():
    state = deal(FIVE_REDS).apply(RankClue(0, 1, 1)).apply(Discard(1, 9))
    data = view(state, 0).to_dict()
    assert data["clue_tokens"] == 7 and data["half_clue_token"] is True
    assert data["history"][-1]["kind"] == "discard" and data["history"][-1]["half_clue_token"] is True
    assert data["history"][0]["clue_tokens"] == 7 and data["history"][0]["half_clue_token"] is False
    assert view_from_dict(data) == view(state, 0)


def test_a_misplay_costs_the_half_token_a_discard_would_have_won():
    state = deal([(RED, 2)] + FIVE_REDS[:1] + [(RED, 3)] * 2 + [(RED, 4)]).apply(Play(0, 0))
    assert state.strikes == 1 and table_stats(state).clues_spent == 0.5
    plain = new_game(GameOptions(players=2), deck=stacked_deck(get_variant("No Variant"), [(RED, 2)])).apply(Play(0, 0))
    assert table_stats(plain).clues_spent == 1


def test_an_announced_play_gains_half_a_token_too():
    state = deal(FIVE_REDS, timed_display=True).apply(RankClue(0, 1, 1)).apply(RankClue(1, 0, 1))
    state = state.apply(Play(0, 0, RED))
    assert state.fireworks[RED] == 1 and tokens(state) == 6.5


@pytest.mark.parametrize(
    "variant, players, efficiency",
    # hanab.live's rules/stats.test.ts (getMinEfficiency).
    [
        ("No Variant", 2, 0.86),
        ("No Variant", 4, 1),
        ("Black (6 Suits)", 2, 1),
        ("Black (6 Suits)", 4, 1.15),
        ("Clue Starved (6 Suits)", 2, 1.43),
        ("Clue Starved (6 Suits)", 4, 1.58),
    ],
)
def test_the_efficiency_a_perfect_score_needs_is_hanablives(variant, players, efficiency):
    assert required_efficiency(get_variant(variant), players) == pytest.approx(efficiency, abs=0.005)
