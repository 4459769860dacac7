"""Convergence: four bots of known, different strength, each a `hanabi bot` runner over HTTP,
in the arena of a real server; after N deals the leaderboard orders them as their strength
beside the reference partner says, and the intervals say so where the gap is wide; the paired
differences against the anchor separate the weak bots from it sooner.

Their strength beside `basic` partners at 3 players (mean scores in the arena, docs/arena.md):
random about 0 (it strikes out), the tutorial's bot (docs/bots.md#write-your-own) about 13,
basic about 21, and hat, which notices partners outside its convention and plays basic's,
about 20. The test asserts the order of the means, random's interval below basic's and hat's,
and the weak bots' paired differences below zero.
"""

import os
import time

import pytest

from tests.sdk.conftest import served

from .live import TUTORIAL_BOT, arena_bots, wait_for_deals

DEALS = 30
PLAYERS = 3


@pytest.mark.slow
def test_the_leaderboard_orders_four_bots_by_strength_with_intervals(create_database, tmp_path):
    env = {
        **os.environ,
        "DATABASE_URL": create_database(),
        "HANABI_DATA_DIR": str(tmp_path / "data"),
        "HANABI_ARENA": "on",
        "HANABI_ARENA_ROUND_SECONDS": "1",
        "HANABI_ARENA_TABLES_PER_DEAL": "5",
        "HANABI_ARENA_MAX_GAMES": "10",
        "HANABI_ARENA_TURN_SECONDS": "30",
        "HANABI_RATE_LIMITS": "off",
    }
    env.pop("CELERY_BROKER_URL", None)
    started = time.monotonic()
    with served(env, tmp_path / "serve.log") as url:
        strategies = ["random", TUTORIAL_BOT, "basic", "hat"]
        with arena_bots(url, strategies, [PLAYERS], tmp_path) as bots:
            standings = wait_for_deals(url, PLAYERS, [bot["entry"] for bot in bots], DEALS, timeout=1800)
    seconds = time.monotonic() - started
    by_strategy = {bot["strategy"]: standings[bot["entry"]] for bot in bots}
    rating = {name: standing["rating"] for name, standing in by_strategy.items()}
    paired = {name: standing["figures"]["paired"] for name, standing in by_strategy.items()}
    print(
        f"after {DEALS} deals ({seconds:.0f} s): "
        + ", ".join(
            f"{name} {rating[name]['mu']:.1f} [{rating[name]['low']:.1f}, {rating[name]['high']:.1f}] "
            f"paired {paired[name]['mean']:+.2f} ± {paired[name]['standard_error'] or 0:.2f}"
            for name in strategies
        )
    )
    assert rating["random"]["mu"] < rating[TUTORIAL_BOT]["mu"] < min(rating["basic"]["mu"], rating["hat"]["mu"])
    assert rating["random"]["high"] < min(rating["basic"]["low"], rating["hat"]["low"])
    for weak in ("random", TUTORIAL_BOT):
        assert paired[weak]["mean"] + 2 * paired[weak]["standard_error"] < 0, (weak, paired[weak])
    assert paired["random"]["mean"] + 2 * paired["random"]["standard_error"] < paired[TUTORIAL_BOT]["mean"]
    last = max(by_strategy.values(), key=lambda standing: standing["rank"])
    assert last is by_strategy["random"]
