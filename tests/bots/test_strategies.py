"""The real strategies (basic, hat): legal in every variant and option, fed only views,
and strong enough to be worth playing with."""

import os
import random
import statistics
import subprocess
import sys

import pytest
from hanabi.bots import get_strategy
from hanabi.engine import GameOptions, new_game, view

STRATEGIES = ("basic", "hat")

OPTION_SETS = [
    {"variant": "No Variant"},
    {"variant": "6 Suits"},
    {"variant": "Black (6 Suits)"},
    {"variant": "Rainbow (6 Suits)"},
    {"variant": "Dark Rainbow (6 Suits)"},
    {"all_or_nothing": True},
    {"variant": "Rainbow (6 Suits)", "all_or_nothing": True},
    {"timed_display": True},
    {"empty_clues": True},
    {"clue_tokens": 1},
    {"clue_tokens": 12, "max_strikes": 1},
    {"variant": "Dark Rainbow (6 Suits)", "empty_clues": True, "timed_display": True, "max_strikes": 2},
]


def play_from_views(options: GameOptions, strategy: str, seed: str):
    """Play one game where each seat's strategy sees only that seat's view; check each view
    hides the seat's own cards and each action is one the view offers."""
    choose = get_strategy(strategy)
    rng = random.Random(seed)
    state = new_game(options, seed=seed)
    while not state.is_over:
        seat_view = view(state, state.current_seat)
        assert all(card.suit is None and card.rank is None for card in seat_view.my_hand)
        action = choose(seat_view, rng)
        assert action in seat_view.legal_actions, (strategy, options, seed, action)
        state = state.apply(action)
    return state


@pytest.mark.slow
@pytest.mark.parametrize("strategy", STRATEGIES)
@pytest.mark.parametrize("extra", OPTION_SETS, ids=lambda o: ",".join(f"{k}={v}" for k, v in o.items()))
def test_only_legal_actions_in_every_variant_and_option(strategy, extra):
    for players in (2, 3, 4, 5):
        for index in range(6):
            options = GameOptions(players=players, starting_seat=index % players, **extra)
            state = play_from_views(options, strategy, f"legal/{players}/{index}")
            assert state.is_over


@pytest.mark.slow
@pytest.mark.parametrize(
    ("strategy", "players", "floor"),
    [("basic", 2, 16.5), ("basic", 3, 17.5), ("basic", 5, 17.0), ("hat", 2, 21.0), ("hat", 3, 24.0), ("hat", 5, 24.2)],
)
def test_mean_score_floor(strategy, players, floor):
    options = GameOptions(players=players)
    scores = [play_from_views(options, strategy, f"floor/{index}").score for index in range(150)]
    assert statistics.mean(scores) >= floor


@pytest.mark.parametrize("strategy", STRATEGIES)
@pytest.mark.parametrize(
    "variant", ["No Variant", "Throw It in a Hole (6 Suits)", "Cow & Pig (6 Suits)", "Duck (6 Suits)"]
)
def test_strategy_is_a_function_of_the_view(strategy, variant):
    """The same view gives the same action, whatever the strategy saw before (also where the
    views hide what was played or what a clue named)."""
    choose = get_strategy(strategy)
    options = GameOptions(players=3, variant=variant)
    state = new_game(options, seed="pure")
    views = []
    while not state.is_over:
        seat_view = view(state, state.current_seat)
        views.append(seat_view)
        state = state.apply(choose(seat_view, random.Random(0)))
    other = new_game(options, seed="another game")
    for _ in range(10):
        other = other.apply(choose(view(other, other.current_seat), random.Random(0)))
    replayed = [choose(v, random.Random(0)) for v in reversed(views)]
    first = [choose(v, random.Random(0)) for v in views]
    assert list(reversed(replayed)) == first


@pytest.mark.parametrize("strategy", STRATEGIES)
def test_games_do_not_depend_on_the_process_hash_seed(strategy):
    """A strategy must not let set or dict ordering of strings pick its move: the same seed
    gives the same game in every process."""
    code = (
        "from hanabi.engine import GameOptions; from hanabi.bots.simulator import simulate; "
        f"print(simulate(GameOptions(players=4), {strategy!r}, 8, 'hash').scores)"
    )
    processes = [
        subprocess.Popen(
            [sys.executable, "-c", code],
            env={**os.environ, "PYTHONHASHSEED": hash_seed},
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
        )
        for hash_seed in ("1", "2", "3")
    ]
    results = [process.communicate(timeout=120) for process in processes]
    for process, (_, errors) in zip(processes, results, strict=True):
        assert process.returncode == 0, errors
    assert len({output for output, _ in results}) == 1
