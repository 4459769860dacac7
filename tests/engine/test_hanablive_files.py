"""hanab.live files beyond No Variant: real games in variants (with the final state hanab.live's
own tests state for them), every shape of file hanab.live has written, and every end action.
tests/fixtures/hanablive/SOURCES.md says where each game comes from."""

import copy
import json
import pathlib

import pytest
from hanabi.engine import EndCondition, EndGame, GameOptions, new_game
from hanabi.engine.hanablive import (
    GAME_OVER,
    GAME_OVER_BY_VOTE,
    HanabLiveError,
    export_game,
    import_game,
    outcome,
)

GAME_FOLDER = pathlib.Path(__file__).resolve().parent.parent / "fixtures" / "hanablive"
GAME_FILES = sorted(path.relative_to(GAME_FOLDER).as_posix() for path in GAME_FOLDER.rglob("*.json"))

ENDS_BY_THE_RULES = (EndCondition.IN_PROGRESS, EndCondition.NORMAL, EndCondition.STRIKEOUT)
"""How a file without an end action stands after its last action: stopped partway, or over by the rules."""

POSITIONS_THE_SOURCES_STATE = {
    ("will-hanabi-bot/replay_1874799.json", 22): {"score": 12, "deck_size": 1, "fireworks": (4, 4, 4)},
    ("will-hanabi-bot/replay_1875304.json", 21): {"score": 11, "deck_size": 1, "fireworks": (3, 3, 5)},
    ("will-hanabi-bot/replay_1875305.json", 21): {"score": 12, "deck_size": 2, "fireworks": (2, 5, 5)},
    ("will-hanabi-bot/1885375.json", 34): {"score": 18, "max_score": 20, "deck_size": 2, "fireworks": (5, 5, 5, 3)},
    ("will-hanabi-bot/1885467.json", 40): {"score": 17, "deck_size": 1, "fireworks": (5, 4, 5, 3)},
    ("will-hanabi-bot/1885855.json", 24): {"strikes": 0, "deck_size": 1, "fireworks": (4, 5, 3)},
    ("will-hanabi-bot/1888970.json", 47): {"deck_size": 1, "max_score": 25},
    ("will-hanabi-bot/1892511.json", 40): {
        "score": 17,
        "max_score": 20,
        "clue_tokens": 1,
        "strikes": 0,
        "deck_size": 1,
        "fireworks": (5, 3, 4, 5),
    },
}
"""Positions will-hanabi-bot/cpp-bot's regression tests state, after that many actions of the game
(1885855's includes an unplayable Orange card played, which hanab.live writes as a discard and counts
no strike)."""


def load(fixtures_dir, name):
    return json.loads((fixtures_dir / name).read_text(encoding="utf-8"))


@pytest.mark.parametrize("name", GAME_FILES)
def test_every_real_game_replays_and_ends_as_its_file_says(fixtures_dir, name):
    data = load(fixtures_dir, name)
    state = import_game(data).state
    last = data["actions"][-1]
    if last["type"] in (GAME_OVER, GAME_OVER_BY_VOTE):
        ended = EndCondition.TERMINATED_BY_VOTE if last["type"] == GAME_OVER_BY_VOTE else EndCondition(last["value"])
        assert (state.end_condition, state.score) == (ended, 0)
    else:
        assert state.end_condition in ENDS_BY_THE_RULES and state.turn == len(data["actions"])


@pytest.mark.parametrize("name, actions", sorted(POSITIONS_THE_SOURCES_STATE))
def test_real_games_reach_the_positions_their_sources_state(fixtures_dir, name, actions):
    data = load(fixtures_dir, name)
    state = import_game({**data, "actions": data["actions"][:actions]}).state
    expected = POSITIONS_THE_SOURCES_STATE[name, actions]
    assert {key: getattr(state, key) for key in expected} == expected


@pytest.mark.parametrize("name", ["rainbow_ones_and_pink_3p.json", "rainbow_ones_and_pink_3p_old_shape.json"])
def test_rainbow_ones_and_pink_game_reaches_hanablives_final_state(fixtures_dir, name):
    """hanab.live's packages/client/src/game/reducers/integration.test.ts states this game's end;
    hanab.live kept it earlier with "suit" for "suitIndex"."""
    game = import_game(load(fixtures_dir, name))
    state = game.state
    assert (state.turn, state.score, state.clue_tokens, state.end_condition) == (53, 25, 8, EndCondition.NORMAL)
    assert [sorted(hand) for hand in state.hands] == [[34, 37, 39, 43], [38, 40, 44, 47], [28, 31, 33, 42]]


def test_omni_ones_and_white_game_with_deck_plays_and_empty_clues_replays_and_round_trips(fixtures_dir):
    data = load(fixtures_dir, "omni_ones_and_white_2p.json")
    game = import_game(data)
    assert game.options.variant == "Omni-Ones & White (6 Suits)"
    assert game.options.deck_plays and game.options.empty_clues and game.options.starting_seat == 1
    assert outcome(game.state)["end_condition"] == "normal" and game.state.turn == len(data["actions"])
    assert game.to_hanablive() == data


def test_up_or_down_game_reaches_hanablives_states(fixtures_dir):
    """hanab.live's integration.test.ts states this game after 4 actions and at its end."""
    data = load(fixtures_dir, "up_or_down_4p.json")
    early = import_game({**data, "actions": data["actions"][:4]}).state
    assert [sorted(hand) for hand in early.hands] == [[0, 1, 2, 3], [4, 5, 6, 7], [8, 9, 11, 16], [12, 13, 15, 17]]
    assert (early.score, early.clue_tokens, early.current_seat) == (2, 6, 0)
    assert [early.direction(suit) for suit in range(5)] == [None, "down", None, "down", None]
    final = import_game(data).state
    assert [sorted(hand) for hand in final.hands] == [[27, 32, 35], [22, 30, 43], [31, 36, 41, 44], [13, 23, 39]]
    assert (final.turn, final.score, final.clue_tokens) == (50, 24, 2)
    assert final.fireworks == (5, 5, 5, 4, 5) and final.direction(3) == "down"


def test_a_variant_outside_the_catalogue_is_refused_with_a_pointer_to_the_list(fixtures_dir):
    data = load(fixtures_dir, "up_or_down_4p.json")
    data["options"]["variant"] = "Mystery (5 Suits)"
    with pytest.raises(HanabLiveError) as error:
        import_game(data)
    assert error.value.code == "unknown_variant" and "docs/variants.md" in error.value.message


def old_shape(data):
    """The example game as older hanab.live files wrote it."""
    old = copy.deepcopy(data)
    old["deck"] = [{"suit": card["suitIndex"], "rank": card["rank"]} for card in old["deck"]]
    old["variant"] = "No Variant"
    old["firstPlayer"] = 0
    for action in old["actions"]:
        action["tableID"] = 4242
    return old


def test_older_file_shapes_import_to_the_same_game(fixtures_dir):
    data = load(fixtures_dir, "example_game.json")
    game, old = import_game(data), import_game(old_shape(data))
    assert (old.options, old.deck, old.actions) == (game.options, game.deck, game.actions)
    assert outcome(old.state) == outcome(game.state)


def test_top_level_options_that_contradict_the_options_are_refused(fixtures_dir):
    data = load(fixtures_dir, "example_game.json")
    data["firstPlayer"] = 1
    with pytest.raises(HanabLiveError) as error:
        import_game({**data, "options": {**data["options"], "startingPlayer": 2}})
    assert error.value.code == "invalid_option"


def test_hanablive_files_have_the_early_end_and_our_exports_say_when_a_game_had_not(fixtures_dir):
    assert import_game(load(fixtures_dir, "example_game.json")).options.end_at_best_score
    options = GameOptions(players=2)
    exported = export_game(options, new_game(options, seed="e").deck, [])
    assert exported["options"] == {"endAtBestScore": False}
    assert import_game(exported).options == options


@pytest.mark.parametrize(
    "action, condition",
    [
        ({"type": 4, "target": 0, "value": 3}, "timeout"),
        ({"type": 4, "target": 1, "value": 4}, "terminated"),
        ({"type": 4, "target": -1, "value": 5}, "speedrun_fail"),
        ({"type": 4, "target": -1, "value": 6}, "idle_timeout"),
        ({"type": 4, "target": -1, "value": 10}, "terminated_by_vote"),
        ({"type": 5, "target": 2, "value": 0}, "terminated_by_vote"),
    ],
)
def test_every_end_action_hanablive_writes_ends_the_game_at_zero(fixtures_dir, action, condition):
    data = load(fixtures_dir, "example_game.json")
    data["actions"] = data["actions"][:20] + [action]
    game = import_game(data)
    assert outcome(game.state)["end_condition"] == condition and game.state.score == 0
    exported = game.to_hanablive()["actions"][-1]
    assert exported == {"type": 4, "target": action["target"], "value": int(EndCondition.from_label(condition))}
    assert import_game(game.to_hanablive()).state.end_condition == game.state.end_condition


def test_a_six_player_game_round_trips():
    options = GameOptions(players=6, variant="Pink (5 Suits)", end_at_best_score=True)
    deck = new_game(options, seed="six").deck
    data = export_game(options, deck, [EndGame(-1, EndCondition.IDLE_TIMEOUT)])
    assert data["players"] == ["Alice", "Bob", "Cathy", "Donald", "Emily", "Frank"]
    assert import_game(data).state.hands[5] == (17, 16, 15)
