"""The fault suite's scenario: many games at once on a `Cluster`, and the faults, in order.

Games (each slot plays games one after the other until the faults are over, then finishes the
game it is in):

- people: two seats, each played over HTTP by a player;
- person and bot: one seat played over HTTP, the other by the built-in `basic` bot (the workers);
- bots: three `basic` bot seats, nobody over HTTP;
- timed (made once, at the start): a 1-second turn (`per_turn`, `on_timeout: move`), one seat
  of an account that never plays and one `basic` bot seat: every one of the person's turns runs
  out and the server moves for it, so deadlines fall due all through the faults.

Faults, `FAULT_SPACING` seconds apart: SIGKILL an API process and start it again; SIGKILL a
worker, start it again `WORKER_DOWN_SECONDS` later; stop Postgres at once (an immediate
shutdown, as in a crash: the restart replays the WAL) for `POSTGRES_DOWN_SECONDS`; SIGKILL
Redis (it keeps nothing on disk, so every queued message is lost) and start it
`REDIS_DOWN_SECONDS` later.
"""

import random
import threading
import time
from contextlib import contextmanager
from dataclasses import dataclass
from datetime import datetime

import psycopg

from tests.cluster.local import Cluster

from .players import Api, Player, Record, Table

FAULT_SPACING = 8.0
WORKER_DOWN_SECONDS = 3.0
POSTGRES_DOWN_SECONDS = 12.0
"""Longer than the API's wait for a pooled connection (10 s): requests that found no connection
in the pool get their 503 within the outage too, not only those whose connection broke."""
REDIS_DOWN_SECONDS = 3.0

TIMED_CONTROL = {"kind": "per_turn", "seconds": 1, "on_timeout": "move"}
THINK_SECONDS = 0.25
"""How long a player takes over a move: a game of people lasts about 20 s."""
POLL_SECONDS = 0.2
BOTS_PAUSE_SECONDS = 2.0
"""A bots slot waits this long between games (bots play a game in a few seconds)."""


@dataclass(frozen=True)
class Mix:
    people: int = 5
    person_and_bot: int = 5
    bots: int = 2
    timed: int = 6


@dataclass
class Fault:
    """A fault from the moment it began to the moment the process was back (answering)."""

    name: str
    began: float
    ended: float | None = None


class Scenario:
    def __init__(self, cluster: Cluster, mix: Mix, seed: int, prefix: str):
        self.cluster = cluster
        self.mix = mix
        self.record = Record()
        self.api = Api(cluster.api_urls, self.record)
        self.table = Table(self.api, self.record, prefix)
        self.rng = random.Random(seed)
        self.faults: list[Fault] = []
        self.faults_over = threading.Event()
        self.stopped = threading.Event()
        self.threads: list[threading.Thread] = []
        self.errors: list[str] = []
        self.faults_began: float | None = None
        """When the games were under way and the first wait before a fault began."""
        self.postgres_away: tuple[float, float] | None = None
        """From the moment Postgres had stopped to the moment it was told to start again."""

    # The games

    def start_games(self) -> None:
        """Accounts first (before any fault), then a thread per slot, and the timed games."""
        people = [(self.table.account(f"p{i}a"), self.table.account(f"p{i}b"), i) for i in range(self.mix.people)]
        mixed = [(self.table.account(f"m{i}"), i) for i in range(self.mix.person_and_bot)]
        bot_owner = self.table.account("bot-owner")
        absent = [self.table.account(f"t{i}") for i in range(self.mix.timed)]
        for first, second, index in people:
            self.spawn(f"people-{index}", self.people_slot, first, second, index)
        for token, index in mixed:
            self.spawn(f"mixed-{index}", self.person_and_bot_slot, token, index)
        for index in range(self.mix.bots):
            self.spawn(f"bots-{index}", self.bots_slot, bot_owner)
        for index, token in enumerate(absent):
            seats = [{"kind": "account", "account": self.table.name(f"t{index}")}, {"kind": "bot", "strategy": "basic"}]
            game_id = self.table.game(token, seats, time_control=TIMED_CONTROL, timed=True)
            self.table.join(game_id, token)

    def spawn(self, name: str, target, *args) -> None:
        def run():
            try:
                target(*args)
            except Exception as error:  # reported by the test, not lost in a thread
                self.errors.append(f"{name}: {type(error).__name__}: {error}")

        thread = threading.Thread(target=run, name=name, daemon=True)
        thread.start()
        self.threads.append(thread)

    def more_games(self) -> bool:
        return not self.faults_over.is_set() and not self.stopped.is_set()

    def people_slot(self, first: str, second: str, index: int) -> None:
        rng = random.Random(self.rng.random())
        seats = [{"kind": "account", "account": self.table.name(f"p{index}{side}")} for side in "ab"]
        while self.more_games():
            game_id = self.table.game(first, seats)
            self.table.join(game_id, first)
            self.table.join(game_id, second)
            self.player(game_id, {0: first, 1: second}, rng).play()

    def person_and_bot_slot(self, token: str, index: int) -> None:
        rng = random.Random(self.rng.random())
        seats = [{"kind": "account", "account": self.table.name(f"m{index}")}, {"kind": "bot", "strategy": "basic"}]
        while self.more_games():
            game_id = self.table.game(token, seats)
            self.table.join(game_id, token)
            self.player(game_id, {0: token}, rng).play()

    def bots_slot(self, owner: str) -> None:
        while self.more_games():
            game_id = self.table.game(owner, [{"kind": "bot", "strategy": "basic"}] * 3)
            while not self.stopped.is_set():
                if self.api.call("GET", f"/games/{game_id}", owner).body["status"] == "finished":
                    break
                time.sleep(0.5)  # the slot polls its bots' game as a client would
            time.sleep(BOTS_PAUSE_SECONDS)

    def player(self, game_id: int, tokens: dict[int, str], rng: random.Random) -> Player:
        return Player(self.api, self.record, game_id, tokens, rng, THINK_SECONDS, POLL_SECONDS, self.stopped)

    # The faults

    def run_faults(self) -> None:
        self.faults_began = time.time()
        time.sleep(FAULT_SPACING)
        with self.fault("API 0 killed"):
            self.cluster.kill_api(0)
            self.cluster.start_api(0)
        time.sleep(FAULT_SPACING)
        with self.fault("worker 0 killed"):
            self.cluster.kill_worker(0)
            time.sleep(WORKER_DOWN_SECONDS)
            self.cluster.start_worker(0)
        time.sleep(FAULT_SPACING)
        with self.fault("Postgres down"):
            self.cluster.postgres.stop(immediate=True)
            away_from = time.time()
            time.sleep(POSTGRES_DOWN_SECONDS)
            self.postgres_away = (away_from, time.time())
            self.cluster.postgres.start()
        time.sleep(FAULT_SPACING)
        with self.fault("Redis down"):
            self.cluster.redis.kill()
            time.sleep(REDIS_DOWN_SECONDS)
            self.cluster.redis.start()
        time.sleep(FAULT_SPACING)
        self.faults_over.set()

    @contextmanager
    def fault(self, name: str):
        """Records the fault from its start to the end of the `with` block (the process is back)."""
        fault = Fault(name, time.time())
        self.faults.append(fault)
        try:
            yield
        finally:
            fault.ended = time.time()

    def wait_for_players(self, timeout: float) -> bool:
        """Until every slot has finished its last game; False if some had not within `timeout`."""
        deadline = time.monotonic() + timeout
        for thread in self.threads:
            thread.join(max(0.0, deadline - time.monotonic()))
        return not any(thread.is_alive() for thread in self.threads)


class DeadlineWatcher:
    """Reads the deadline of every running timed game (games.deadline, with its version) every
    `interval` seconds, so that each turn that lasted longer than that is checked against the
    deadline the store wrote, not an estimate. It reconnects after the database was away."""

    def __init__(self, database_url: str, game_ids: list[int], interval: float = 0.1):
        self.database_url = database_url
        self.game_ids = game_ids
        self.interval = interval
        self.deadlines: dict[tuple[int, int], datetime] = {}
        self.stopped = threading.Event()
        self.thread = threading.Thread(target=self.run, name="deadline-watcher", daemon=True)

    def start(self) -> None:
        self.thread.start()

    def stop(self) -> None:
        self.stopped.set()
        self.thread.join()

    def run(self) -> None:
        while not self.stopped.is_set():
            try:
                with psycopg.connect(self.database_url, autocommit=True, connect_timeout=2) as conn:
                    while not self.stopped.wait(self.interval):
                        rows = conn.execute(
                            "SELECT id, version, deadline FROM games WHERE id = ANY(%s) AND deadline IS NOT NULL",
                            (list(self.game_ids),),
                        ).fetchall()
                        for game_id, version, deadline in rows:
                            self.deadlines[(game_id, version)] = deadline
            except psycopg.OperationalError:
                self.stopped.wait(self.interval)
