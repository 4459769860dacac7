"""Expiry lag of short turn clocks: from a turn's deadline to the committed timeout event.

The script creates a database of its own on a Postgres server (dropped at the end), applies
the migrations and starts a real worker process (`hanabi worker --beat --pool threads`) on the
filesystem broker, or on Redis with `--broker-url`. It starts `--games` 2-player games of two
accounts, `--spread` seconds apart, each with a per-turn clock of `--seconds` and
`on_timeout: end`; nobody moves, so every game ends by timeout, through the task scheduled
(with `eta`) by the commit that started the game. For each game the lag is the timeout event's
`created_at` minus the turn's `deadline` (both written by Postgres, one clock). Prints
p50/p99/max; the target is under 1 s.

    .venv/bin/python tests/bench/deadline_lag.py                      # local Postgres, 20 games
    .venv/bin/python tests/bench/deadline_lag.py --embedded           # an embedded pgserver instead
    .venv/bin/python tests/bench/deadline_lag.py --broker-url redis://127.0.0.1:6379/14 --games 100
"""

import argparse
import os
import statistics
import sys
import time
import uuid
from pathlib import Path

from hanabi.config import load_settings
from hanabi.engine import GameOptions
from hanabi.runtime.composition import followups as worker_followups
from hanabi.store.accounts import create_account
from hanabi.store.database import connect
from hanabi.store.deadlines import TimeControl
from hanabi.store.games import create_game, list_events, load_game
from hanabi.store.records import SeatPlan
from hanabi.store.seats import join_seat
from hanabi.worker.celery_app import create_celery
from hanabi.worker.embedded import worker_process

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parents[2]))  # the repository, for tests.waiting
from api_load import add_database_arguments, database_server, scratch_database

from tests.waiting import until


def start_timed_game(conn, followups, people, control: TimeControl):
    created = create_game(conn, GameOptions(players=2), [SeatPlan.open()] * 2, time_control=control)
    join_seat(conn, created.game.id, people[0].id)
    return join_seat(conn, created.game.id, people[1].id, followups=followups).game


def wait_finished(conn, game_ids, timeout: float) -> None:
    pending = set(game_ids)

    def all_finished() -> bool:
        pending.difference_update(
            {game_id for game_id in pending if load_game(conn, game_id).game.status == "finished"}
        )
        return not pending

    until(all_finished, timeout, "some games did not time out", 0.05)


def measure(url: str, data_dir: Path, args) -> list[float]:
    settings = load_settings(
        {"DATABASE_URL": url, "HANABI_DATA_DIR": str(data_dir), "CELERY_BROKER_URL": args.broker_url or ""}
    )
    if args.broker_url:
        os.environ["CELERY_BROKER_URL"] = args.broker_url
    else:
        os.environ.pop("CELERY_BROKER_URL", None)
    control = TimeControl.from_dict({"kind": "per_turn", "seconds": args.seconds, "on_timeout": "end"})
    with (
        worker_process(settings, url, concurrency=args.concurrency),
        connect(url) as conn,
    ):
        followups = worker_followups(create_celery(settings))
        people = [create_account(conn, f"lag-{uuid.uuid4().hex[:10]}", "human")[0] for _ in range(2)]
        warm_up = start_timed_game(conn, followups, people, TimeControl.from_dict({"kind": "per_turn", "seconds": 1}))
        wait_finished(conn, [warm_up.id], timeout=60)
        games = []
        for _ in range(args.games):
            games.append(start_timed_game(conn, followups, people, control))
            time.sleep(args.spread)
        wait_finished(conn, [game.id for game in games], timeout=args.seconds + 30)
        lags = []
        for game in games:
            last = list_events(conn, game.id)[-1]
            assert last.type == "end_game" and last.payload.get("condition") == "timeout", last
            lags.append((last.created_at - game.deadline).total_seconds())
    return lags


def percentile(values: list[float], fraction: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(fraction * len(ordered)))]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    add_database_arguments(parser)
    parser.add_argument("--broker-url", help="a Redis URL (default: the filesystem broker)")
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument("--seconds", type=int, default=2, help="the per-turn clock")
    parser.add_argument("--spread", type=float, default=0.05, help="seconds between the games' starts")
    parser.add_argument("--concurrency", type=int, default=4, help="the worker's threads")
    args = parser.parse_args()  # fmt: skip

    with scratch_database(database_server(args), "hanabi-bench-deadlines-") as (url, scratch):
        lags = measure(url, scratch / "data", args)
    broker = "Redis" if args.broker_url else "the filesystem broker"
    print(
        f"{len(lags)} games, {args.seconds} s per turn, on {broker}: expiry lag (deadline -> committed timeout event)"
    )
    print(
        f"p50 {statistics.median(lags) * 1000:.0f} ms, p99 {percentile(lags, 0.99) * 1000:.0f} ms, "
        f"max {max(lags) * 1000:.0f} ms, min {min(lags) * 1000:.0f} ms"
    )


if __name__ == "__main__":
    main()
