"""The table's running numbers: best score still possible, pace and efficiency."""

from hanabi.engine import ColorClue, Discard, GameOptions, Play, new_game, stacked_deck, view
from hanabi.engine.stats import table_stats

RED, YELLOW, GREEN, BLUE, WHITE = range(5)
SEAT0 = [(RED, 1), (RED, 2), (WHITE, 5), (YELLOW, 3), (YELLOW, 4)]
SEAT1 = [(BLUE, 1), (RED, 1), (BLUE, 2), (GREEN, 3), (GREEN, 4)]


def game():
    options = GameOptions(players=2)
    return new_game(options, deck=stacked_deck(options.variant_rules, SEAT0 + SEAT1))


def test_a_new_game_has_the_whole_deck_of_pace_and_no_efficiency_yet():
    stats = table_stats(game())
    assert stats.max_score == 25
    assert stats.pace == 0 + 40 + 2 - 25
    assert stats.efficiency is None


def test_clued_and_played_cards_count_as_gotten_per_clue_and_misplay_spent():
    state = game().apply(ColorClue(0, 1, BLUE))  # touches blue 1 and blue 2
    assert table_stats(state)[2:] == (1.0 * 2, 2, 1)
    state = state.apply(Play(1, 5))  # blue 1 played: still two cards gotten
    assert table_stats(state).cards_gotten == 2
    assert table_stats(state).pace == 1 + 39 + 2 - 25
    state = state.apply(Play(0, 0)).apply(Play(1, 8))  # red 1 played; green 3 misplayed: a strike
    stats = table_stats(state)
    assert (stats.cards_gotten, stats.clues_spent, stats.efficiency) == (3, 2, 1.5)


def test_losing_the_only_copy_of_a_five_lowers_the_best_score_and_the_pace():
    state = game().apply(ColorClue(0, 1, BLUE)).apply(Play(1, 5)).apply(Discard(0, 2))  # white 5 discarded
    stats = table_stats(state)
    assert stats.max_score == 24
    assert stats.pace == 1 + 38 + 2 - 24


def test_pace_is_none_once_the_deck_is_empty_and_the_view_carries_the_numbers():
    state = game()
    assert view(state, 0).pace == table_stats(state).pace
    assert view(state, 0).to_dict()["efficiency"] is None
    while state.deck_size and not state.is_over:
        seat = state.current_seat
        state = state.apply(Play(seat, state.hands[seat][-1]))
    assert table_stats(state).pace is None
