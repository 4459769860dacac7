"""The bot interface: how a strategy is named, made and driven, the same offline (`hanabi
simulate`) and online (`hanabi bot --strategy`).

A strategy is named by a SPEC:

- a built-in name: `random`, `basic`, `hat`;
- `package.module:NAME`, or `path/to/file.py:NAME` (the current directory is importable, as
  with `python -m`): NAME is a function `(view, rng) -> action`, as the built-in bots are, or a
  class (or a zero-argument factory) whose instances have `act(view) -> action` and, if they
  want them, `start(view)` and `observe(event, view)`;
- `hle:MODULE:CLASS`: an agent written for DeepMind's hanabi-learning-environment, served by
  `hanabi.bots.hle` (imported only for such a SPEC).

`load_strategy(spec)` returns a `BotFactory`; `factory(rng)` makes a fresh bot for one seat of
one game. The lifecycle, which `BotSeat` runs for the simulator and the runner alike:

1. `start(view)` once, before anything else, with the first view the bot gets of the game
   (offline: the deal);
2. before each `act(view)`, and once more when the game is over, `observe(event, view)` for
   every event the bot has not been told of, oldest first, where `view` is the view of that
   moment (its history ends with the newest event); events are the entries of `view.history`;
3. `act(view)` on the seat's turn returns an engine `Action` or a dict as posted to /actions
   (`{"kind": "play", "card": 12}`; `seat` may be left out), or an object with `to_dict()`
   giving one (an SDK model).

The view is the engine's `View`: built by the engine offline, by `view_from_dict` from the
API's GET /v1/games/{id}/view online; docs/api.md#the-view describes it field by field.
"""

import importlib
import importlib.util
import inspect
import os
import random
import sys
from collections.abc import Callable
from functools import cache
from typing import Any, Protocol

from ..engine import Action, ColorClue, Discard, EndGame, Play, RankClue, Reorder, View, action_from_dict
from . import STRATEGIES

ACTION_TYPES = frozenset({Play, Discard, ColorClue, RankClue, Reorder, EndGame})
HLE_PREFIX = "hle:"


class StrategyError(ValueError):
    """A SPEC that names no usable strategy, or a bot that broke the interface; the message is
    a sentence for the bot's author."""


class Bot(Protocol):
    def act(self, view: View) -> Any:
        """The seat's move: an engine Action, or a dict as posted to /actions."""


class FunctionBot:
    """A strategy function `(view, rng) -> action` as a bot (the built-in bots are functions)."""

    __slots__ = ("choose", "rng")

    def __init__(self, choose: Callable[[View, random.Random], Any], rng: random.Random):
        self.choose = choose
        self.rng = rng

    def act(self, view: View):
        return self.choose(view, self.rng)


class BotFactory:
    """Makes the bot of one seat of one game: `factory(rng)`. `rng` is the random source a
    strategy function draws from (the simulator seeds it from the deal; a fresh one when None);
    a class strategy is made with no argument."""

    __slots__ = ("spec", "_make")

    def __init__(self, spec: str, make: Callable[[random.Random], Any]):
        self.spec = spec
        self._make = make

    def __call__(self, rng: random.Random | None = None) -> Bot:
        bot = self._make(rng if rng is not None else random.Random())
        if not callable(getattr(bot, "act", None)):
            raise StrategyError(f"{self.spec} made {bot!r}, which has no act(view) method.")
        return bot

    def __repr__(self) -> str:
        return f"BotFactory({self.spec!r})"


@cache
def load_strategy(spec: str) -> BotFactory:
    """The factory of the strategy SPEC names (see the module's docstring). Raises
    StrategyError, with a sentence saying what is wrong, for a SPEC that names none."""
    if not isinstance(spec, str) or not spec.strip():
        raise StrategyError(f"{spec!r} is not a strategy: give a built-in name ({_builtins()}) or package.module:NAME.")
    if spec.startswith(HLE_PREFIX):
        from . import hle

        make_agent_bot = hle.load(spec[len(HLE_PREFIX) :])
        return BotFactory(spec, lambda rng: make_agent_bot())
    choose = STRATEGIES.get(spec)
    if choose is not None:
        return BotFactory(spec, lambda rng: FunctionBot(choose, rng))
    if ":" not in spec:
        raise StrategyError(
            f"unknown bot {spec!r}: give a built-in name ({_builtins()}), package.module:NAME, "
            "path/to/file.py:NAME or hle:MODULE:CLASS."
        )
    where, _, name = spec.rpartition(":")
    return _factory(spec, getattr_or_fail(_import(spec, where), name, spec))


def _builtins() -> str:
    return ", ".join(sorted(STRATEGIES))


def _import(spec: str, where: str):
    if where.endswith(".py") or os.sep in where:
        path = os.path.abspath(where)
        if not os.path.isfile(path):
            raise StrategyError(f"{spec}: there is no file {where}.")
        module_name = f"_hanabi_strategy_{abs(hash(path))}"
        if module_name in sys.modules:
            return sys.modules[module_name]
        module_spec = importlib.util.spec_from_file_location(module_name, path)
        module = importlib.util.module_from_spec(module_spec)
        sys.modules[module_name] = module
        try:
            module_spec.loader.exec_module(module)
        except BaseException:
            del sys.modules[module_name]
            raise
        return module
    if os.getcwd() not in sys.path and "" not in sys.path:
        sys.path.insert(0, os.getcwd())
    try:
        return importlib.import_module(where)
    except ModuleNotFoundError as error:
        if error.name is not None and where.startswith(error.name):
            raise StrategyError(
                f"{spec}: no module named {error.name!r} (a module is imported from the current directory or "
                "an installed package; a file can be named path/to/file.py:NAME)."
            ) from None
        raise


def getattr_or_fail(module, name: str, spec: str):
    try:
        return getattr(module, name)
    except AttributeError:
        raise StrategyError(f"{spec}: module {module.__name__!r} has no {name!r}.") from None


def _factory(spec: str, target) -> BotFactory:
    if inspect.isclass(target):
        if not callable(getattr(target, "act", None)):
            raise StrategyError(f"{spec}: class {target.__name__} has no act(view) method.")
        return BotFactory(spec, lambda rng: target())
    if not callable(target):
        raise StrategyError(f"{spec} is neither a function, nor a class, nor a factory of bots.")
    required = _required_arguments(target)
    if required == 2:
        return BotFactory(spec, lambda rng: FunctionBot(target, rng))
    if required == 0:
        return BotFactory(spec, lambda rng: target())
    raise StrategyError(
        f"{spec} takes {required} arguments: a strategy function takes (view, rng), a bot factory none."
    )


def _required_arguments(function) -> int | None:
    try:
        parameters = inspect.signature(function).parameters.values()
    except (TypeError, ValueError):
        return None
    positional = (inspect.Parameter.POSITIONAL_ONLY, inspect.Parameter.POSITIONAL_OR_KEYWORD)
    return sum(1 for p in parameters if p.kind in positional and p.default is inspect.Parameter.empty)


def to_action(move, seat: int) -> Action:
    """A bot's move as an engine action: an Action as it is, a dict as posted to /actions (its
    seat added), or an object whose `to_dict()` gives one."""
    if type(move) in ACTION_TYPES:
        return move
    if not isinstance(move, dict) and callable(getattr(move, "to_dict", None)):
        move = move.to_dict()
    if isinstance(move, dict):
        try:
            return action_from_dict({"seat": seat, **move})
        except (KeyError, ValueError):
            pass
    raise StrategyError(
        f"act returned {move!r}: return an action of view.legal_actions, or a dict as posted to /actions "
        '(e.g. {"kind": "play", "card": 12}).'
    )


class BotSeat:
    """One bot in one seat of one game, driven through the lifecycle (see the module's
    docstring): `begin(view)` once, `act(view)` on each of its turns, `end(view)` once the game
    is over."""

    __slots__ = ("bot", "seat", "_start", "_observe", "_told")

    def __init__(self, bot: Bot, seat: int):
        self.bot = bot
        self.seat = seat
        self._start = getattr(bot, "start", None)
        self._observe = getattr(bot, "observe", None)
        self._told = 0

    @property
    def wants_start(self) -> bool:
        return self._start is not None

    @property
    def wants_events(self) -> bool:
        return self._observe is not None

    def begin(self, view: View) -> None:
        """Start the bot with its first view of the game; the events already in it are not
        told again."""
        if self._start is not None:
            self._start(view)
        self._told = len(view.history)

    def tell(self, view: View) -> None:
        """Tell the bot every event of `view.history` it has not been told of."""
        observe, history = self._observe, view.history
        if observe is None:
            self._told = len(history)
            return
        while self._told < len(history):
            event = history[self._told]
            self._told += 1
            observe(event, view)

    def act(self, view: View) -> Action:
        if self._observe is not None:
            self.tell(view)
        return to_action(self.bot.act(view), self.seat)

    def end(self, view: View) -> None:
        self.tell(view)
