"""Game options: defaults, hand sizes, JSON round trip, and a clear error for every bad value."""

import pytest
from hanabi.engine import GameOptions, InvalidOptions
from hanabi.engine.variants import get_variant, representatives


def test_defaults_are_the_base_game():
    options = GameOptions(players=3)
    assert options.to_dict() == {
        "players": 3,
        "variant": "No Variant",
        "clue_tokens": 8,
        "max_strikes": 3,
        "empty_clues": False,
        "all_or_nothing": False,
        "timed_display": False,
        "starting_seat": 0,
        "deck_plays": False,
        "end_at_best_score": False,
    }


@pytest.mark.parametrize("players, hand_size", [(2, 5), (3, 5), (4, 4), (5, 4), (6, 3)])
def test_hand_size_follows_the_player_count(players, hand_size):
    assert GameOptions(players=players).hand_size == hand_size


@pytest.mark.parametrize("variant", representatives())
def test_every_combination_of_rule_options_is_accepted_and_round_trips(variant):
    hole = get_variant(variant).rules.throw_it_in_a_hole  # refuses timed_display (test_hidden_variants.py)
    for flags in range(4 if hole else 8):
        options = GameOptions(
            players=4,
            variant=variant,
            clue_tokens=12,
            max_strikes=1,
            empty_clues=bool(flags & 1),
            all_or_nothing=bool(flags & 2),
            timed_display=bool(flags & 4),
            starting_seat=3,
        )
        assert GameOptions.from_dict(options.to_dict()) == options


def test_from_dict_fills_defaults():
    assert GameOptions.from_dict({"players": 2}) == GameOptions(players=2)


@pytest.mark.parametrize(
    "kwargs, code, words",
    [
        ({"players": 1}, "invalid_player_count", "2 to 6"),
        ({"players": 7}, "invalid_player_count", "2 to 6"),
        ({"players": 0}, "invalid_player_count", "2 to 6"),
        ({"players": 3, "variant": "Rainbow"}, "unknown_variant", "Rainbow (6 Suits)"),
        ({"players": 3, "variant": "no variant"}, "unknown_variant", "No Variant"),
        ({"players": 3, "clue_tokens": 0}, "invalid_option", "clue_tokens"),
        ({"players": 3, "clue_tokens": 33}, "invalid_option", "clue_tokens"),
        ({"players": 3, "clue_tokens": -1}, "invalid_option", "clue_tokens"),
        ({"players": 3, "max_strikes": 0}, "invalid_option", "max_strikes"),
        ({"players": 3, "max_strikes": 4}, "invalid_option", "max_strikes"),
        ({"players": 3, "starting_seat": 3}, "invalid_option", "starting_seat"),
        ({"players": 3, "starting_seat": -1}, "invalid_option", "starting_seat"),
        ({"players": True}, "invalid_option", "players"),
        ({"players": 2.0}, "invalid_option", "players"),
        ({"players": "2"}, "invalid_option", "players"),
        ({"players": 3, "clue_tokens": True}, "invalid_option", "clue_tokens"),
        ({"players": 3, "max_strikes": 2.5}, "invalid_option", "max_strikes"),
        ({"players": 3, "starting_seat": False}, "invalid_option", "starting_seat"),
        ({"players": 3, "empty_clues": 1}, "invalid_option", "empty_clues"),
        ({"players": 3, "all_or_nothing": "yes"}, "invalid_option", "all_or_nothing"),
        ({"players": 3, "timed_display": None}, "invalid_option", "timed_display"),
        ({"players": 3, "variant": 0}, "invalid_option", "variant"),
        ({"players": 3, "variant": None}, "invalid_option", "variant"),
    ],
)
def test_invalid_options_raise_a_clear_error(kwargs, code, words):
    with pytest.raises(InvalidOptions) as info:
        GameOptions(**kwargs)
    assert info.value.code == code
    assert words in info.value.message
    with pytest.raises(InvalidOptions) as info:
        GameOptions.from_dict(kwargs)
    assert info.value.code == code


@pytest.mark.parametrize(
    "data, code, words",
    [
        ({"players": 2, "colour_blind": True}, "unknown_option", "colour_blind"),
        ({"players": 2, "clueTokens": 4}, "unknown_option", "clueTokens"),
        ({"players": 2, 7: 1, "x": 2}, "unknown_option", "known options"),
        ({}, "invalid_option", "players"),
        ({"variant": "No Variant"}, "invalid_option", "players"),
        ([("players", 2)], "invalid_option", "object"),
        ("players=2", "invalid_option", "object"),
        (None, "invalid_option", "object"),
    ],
)
def test_from_dict_rejects_unknown_keys_missing_players_and_non_objects(data, code, words):
    with pytest.raises(InvalidOptions) as info:
        GameOptions.from_dict(data)
    assert info.value.code == code
    assert words in info.value.message


def test_options_are_immutable():
    options = GameOptions(players=2)
    with pytest.raises(AttributeError):
        options.players = 3
