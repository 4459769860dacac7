import json
import random

import pytest
from hanabi.engine import (
    TURN_ACTIONS,
    EndCondition,
    EndGame,
    GameOptions,
    Play,
    Reorder,
    ReplayError,
    TurnOutOfRange,
    full_view,
    new_game,
    replay,
    state_at_turn,
)
from hanabi.engine.hanablive import import_game


def random_game(options: GameOptions, seed: str, *, reorder_chance: float = 0.0):
    rng = random.Random(seed)
    state = new_game(options, seed=seed)
    actions = []
    while not state.is_over:
        if rng.random() < reorder_chance:
            seat = rng.randrange(options.players)
            cards = list(state.hands[seat])
            rng.shuffle(cards)
            action = Reorder(seat, cards)
        else:
            action = rng.choice(state.legal_actions())
        state = state.apply(action)
        actions.append(action)
    return state.deck, actions, state


def table(state) -> dict:
    return full_view(state).to_dict()


@pytest.mark.parametrize("players", [2, 3, 5])
def test_turn_n_is_the_game_after_its_first_n_actions(players):
    options = GameOptions(players=players)
    deck, actions, final = random_game(options, f"timeline-{players}")

    for turn in range(final.turn + 1):
        at, turns = state_at_turn(options, deck, actions, turn)
        assert turns == final.turn
        assert at.turn == turn
        assert table(at) == table(replay(options, deck, actions[:turn]))


def test_turn_zero_is_the_deal_and_the_last_turn_is_the_final_table():
    options = GameOptions(players=3)
    deck, actions, final = random_game(options, "ends")

    start, _ = state_at_turn(options, deck, actions, 0)
    assert table(start) == table(new_game(options, deck))
    last, turns = state_at_turn(options, deck, actions, final.turn)
    assert last.is_over and table(last) == table(final)
    assert full_view(last).rating is not None


def test_reorders_made_before_a_turns_move_show_at_that_turn():
    options = GameOptions(players=2)
    deck, actions, final = random_game(options, "reorders", reorder_chance=0.3)
    assert any(isinstance(action, Reorder) for action in actions)

    moves = [index for index, action in enumerate(actions) if isinstance(action, TURN_ACTIONS)]
    for turn in range(final.turn):
        at, _ = state_at_turn(options, deck, actions, turn)
        assert table(at) == table(replay(options, deck, actions[: moves[turn]]))


def test_a_game_ended_from_outside_shows_its_end_at_the_last_turn():
    options = GameOptions(players=2)
    state = new_game(options, seed="terminated")
    actions = [state.legal_actions()[0]]
    actions.append(EndGame(1, EndCondition.TERMINATED))

    last, turns = state_at_turn(options, None, actions, 1, seed="terminated")
    assert turns == 1
    assert last.end_condition is EndCondition.TERMINATED
    before, _ = state_at_turn(options, None, actions, 0, seed="terminated")
    assert not before.is_over


@pytest.mark.parametrize("turn", [-1, 4])
def test_a_turn_the_game_never_reached_names_the_last_one(turn):
    options = GameOptions(players=2)
    state = new_game(options, seed="short")
    actions = []
    for _ in range(3):
        action = state.legal_actions()[0]
        state = state.apply(action)
        actions.append(action)

    with pytest.raises(TurnOutOfRange) as raised:
        state_at_turn(options, None, actions, turn, seed="short")
    assert raised.value.last_turn == 3


def test_an_illegal_action_names_its_index():
    options = GameOptions(players=2)
    state = new_game(options, seed="illegal")
    actions = [state.legal_actions()[0], Play(0, 999)]

    with pytest.raises(ReplayError) as raised:
        state_at_turn(options, None, actions, 0, seed="illegal")
    assert raised.value.action_index == 1


def test_an_imported_game_steps_to_its_recorded_score(fixtures_dir):
    game = import_game(json.loads((fixtures_dir / "no_variant_5p.json").read_text(encoding="utf-8")))

    last, turns = state_at_turn(game.options, game.deck, game.actions, game.state.turn)
    assert turns == game.state.turn
    assert last.score == game.state.score
    middle, _ = state_at_turn(game.options, game.deck, game.actions, turns // 2)
    assert 0 < middle.fireworks_total < last.fireworks_total
