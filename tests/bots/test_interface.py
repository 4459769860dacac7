"""The bot interface: SPECs, the three kinds of strategy, the lifecycle, and moves as actions."""

import random
import sys
import textwrap

import pytest
from hanabi.bots import basic
from hanabi.bots.interface import BotSeat, FunctionBot, StrategyError, load_strategy, to_action
from hanabi.engine import Discard, GameOptions, Play, RankClue, new_game, view

LIFECYCLE_BOT = """
    calls = []

    class Recorder:
        def __init__(self):
            self.events = []
            calls.append(self)

        def start(self, view):
            self.first = view

        def observe(self, event, view):
            assert view.history[-1] is event or event in view.history
            self.events.append(event)

        def act(self, view):
            return {"kind": "discard", "card": view.my_hand[-1].id} if view.clue_tokens < 8 else view.legal_actions[-1]
"""


def write_module(path, name: str, source: str) -> None:
    (path / f"{name}.py").write_text(textwrap.dedent(source))


def drive(factory, options: GameOptions, seed: str):
    """A game played by one bot per seat through BotSeat, as the simulator drives them."""
    state = new_game(options, seed=seed)
    rng = random.Random(seed)
    seats = [BotSeat(factory(rng), seat) for seat in range(options.players)]
    for seat in seats:
        seat.begin(view(state, seat.seat))
    while not state.is_over:
        state = state.apply(seats[state.current_seat].act(view(state, state.current_seat)))
    for seat in seats:
        seat.end(view(state, seat.seat))
    return state, seats


def test_a_built_in_name_and_its_module_path_make_the_same_bot():
    options = GameOptions(players=3)
    state = new_game(options, seed="same bot")
    seen = view(state, 0)
    for spec in ("basic", "hanabi.bots.basic:choose"):
        bot = load_strategy(spec)(random.Random(1))
        assert isinstance(bot, FunctionBot) and bot.choose is basic.choose
        assert bot.act(seen) == basic.choose(seen, random.Random(1))


def test_a_class_in_a_file_gets_start_then_every_event_once_in_order(tmp_path):
    write_module(tmp_path, "recorder_bot", LIFECYCLE_BOT)
    factory = load_strategy(f"{tmp_path}/recorder_bot.py:Recorder")
    state, seats = drive(factory, GameOptions(players=3), "lifecycle")
    for seat in seats:
        bot = seat.bot
        assert bot.first.turn == 0 and bot.first.seat == seat.seat and bot.first.history == ()
        assert tuple(bot.events) == view(state, seat.seat).history


def test_a_module_in_the_current_directory_is_importable_by_name(tmp_path, monkeypatch):
    write_module(tmp_path, "cwd_bot_module", LIFECYCLE_BOT + "\n    def make():\n        return Recorder()\n")
    monkeypatch.chdir(tmp_path)
    monkeypatch.setattr(sys, "path", [p for p in sys.path if p not in ("", str(tmp_path))])
    for spec in ("cwd_bot_module:Recorder", "cwd_bot_module:make"):
        bot = load_strategy(spec)()
        assert type(bot).__name__ == "Recorder"


def test_an_instance_has_its_own_state_per_seat_and_game(tmp_path):
    write_module(tmp_path, "fresh_bot", LIFECYCLE_BOT)
    factory = load_strategy(f"{tmp_path}/fresh_bot.py:Recorder")
    first, second = factory(), factory()
    assert first is not second and first.events is not second.events


@pytest.mark.parametrize(
    "spec, message",
    [
        ("nobody", "unknown bot 'nobody'"),
        ("no_such_module_here:Bot", "no module named 'no_such_module_here'"),
        ("hanabi.bots.basic:nothing", "has no 'nothing'"),
        ("hanabi.engine:GameOptions", "has no act(view) method"),
        ("hanabi.bots.basic:interpret", "takes 6 arguments"),
        ("missing/file.py:Bot", "there is no file missing/file.py"),
        ("", "is not a strategy"),
    ],
)
def test_a_spec_that_names_no_strategy_says_why(spec, message):
    with pytest.raises(StrategyError) as error:
        load_strategy(spec)
    assert message in str(error.value)


def test_a_move_may_be_an_action_a_dict_as_posted_or_a_model_with_to_dict():
    class Model:
        def to_dict(self):
            return {"kind": "rank_clue", "target": 0, "rank": 3}

    assert to_action(Play(1, 7), 1) == Play(1, 7)
    assert to_action({"kind": "discard", "card": 4}, 2) == Discard(2, 4)
    assert to_action(Model(), 1) == RankClue(1, 0, 3)
    for wrong in (None, "play", {"kind": "fly"}, {"card": 3}):
        with pytest.raises(StrategyError, match="return an action of view.legal_actions"):
            to_action(wrong, 0)


def test_a_factory_that_makes_no_bot_is_refused(tmp_path):
    write_module(tmp_path, "not_a_bot", "def make():\n    return 42\n")
    with pytest.raises(StrategyError, match="has no act"):
        load_strategy(f"{tmp_path}/not_a_bot.py:make")()


def test_an_hle_spec_is_served_by_the_hle_adapter():
    pytest.importorskip("hanabi_learning_environment")
    bot = load_strategy("hle:hanabi_learning_environment.agents.simple_agent:SimpleAgent")()
    assert type(bot).__name__ == "HleBot"
    state, seats = drive(
        load_strategy("hle:hanabi_learning_environment.agents.simple_agent:SimpleAgent"), GameOptions(players=2), "hle"
    )
    assert state.is_over and state.turn > 10
