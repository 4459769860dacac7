"""The load the cluster's faults fall on, all of it through the proxy, and the figures of a fault.

- SDK bots: `hanabi bot`'s runner (hanabi.bots.runner.BotRunner, over the SDK's Session) in a
  thread each, playing one seat of a game after another with the `basic` strategy; between its
  turns each waits in a long poll (`wait`, `wake=my_turn`). The other seat is a `basic` bot
  played by the workers.
- Games of three `basic` bots (the workers only).
- Timed games (1 s a turn, the server moves when it runs out) with a seat nobody plays: the
  deadlines are the workers' and the sweeper's.

Every request of the SDK bots that fails (no answer, 502-504) is counted through the Session's
`on_retry`; the requests that create games go through tests/faults/players.Api, which records
every attempt. Every move answered 200 is recorded (players.Ack) to be looked for in the log.
"""

import io
import random
import threading
import time
from dataclasses import dataclass
from datetime import UTC, datetime

from hanabi.bots.runner import BotRunner
from hanabi.store.database import connect
from hanabi.store.records import LOBBY_EVENTS

from tests.faults.checks import acknowledged_moves_missing, damaged_logs, unfinished_games
from tests.faults.players import Ack, Api, Record, Table
from tests.waiting import until

TIMED_CONTROL = {"kind": "per_turn", "seconds": 1, "on_timeout": "move"}
LATE_SECONDS = 6.0
"""A turn of an untimed game is late when its move came this long after the move before it
(a bot's turn is re-sent after HANABI_BOT_STALL_SECONDS = 3 s, swept every 1 s)."""
TIMED_LATE_SECONDS = TIMED_CONTROL["seconds"] + 2.0
"""A turn of a timed game is late when it ended more than 2 s after its deadline."""


@dataclass(frozen=True)
class Failure:
    at: float
    who: str
    what: str


class SdkBot(BotRunner):
    """`hanabi bot --game` in a thread, recording its acknowledged moves and its failed requests."""

    def __init__(self, url: str, token: str, load: "Load", name: str, wait: int):
        super().__init__(url, token, "basic", wait=wait, log=io.StringIO())
        self.load = load
        self.name = name
        self.view: dict | None = None
        self._send_move = self.session.act
        self.session.act = self._act

    def play(self, game_id: int) -> None:
        self.log.seek(0)
        self.log.truncate()
        self._play_game(game_id)

    def _play(self, game_id: int, view: dict) -> None:
        self.view = view
        super()._play(game_id, view)

    def _act(self, game_id: int, action: dict, expected_version: int):
        answer = self._send_move(game_id, action, expected_version)
        self.load.record.add("acks", Ack(game_id, self.view["seat"], self.view["turn"], answer.version, dict(action)))
        self.load.moves.append(time.time())
        return answer

    def _retrying(self, failure: Exception, delay: float) -> None:
        self.load.failures.append(Failure(time.time(), self.name, f"{type(failure).__name__}: {failure}"[:200]))


class Load:
    def __init__(
        self,
        proxy_url: str,
        database_url: str,
        prefix: str,
        *,
        sdk_bots: int = 6,
        bot_games: int = 2,
        timed_games: int = 2,
        wait: int = 10,
    ):
        self.proxy_url = proxy_url
        self.database_url = database_url
        self.record = Record()
        self.api = Api([proxy_url + "/v1"], self.record)
        self.table = Table(self.api, self.record, prefix)
        self.counts = (sdk_bots, bot_games, timed_games)
        self.wait = wait
        self.failures: list[Failure] = []
        self.moves: list[float] = []
        self.no_more_games = threading.Event()
        self.stopped = threading.Event()
        self.threads: list[threading.Thread] = []
        self.errors: list[str] = []
        self.bot_games: list[int] = []
        """Games of bots only: every move is a worker's."""

    def start(self) -> None:
        sdk_bots, bot_games, timed_games = self.counts
        tokens = [(self.table.account(f"sdk{index}"), index) for index in range(sdk_bots)]
        owner = self.table.account("owner")
        absent = [self.table.account(f"absent{index}") for index in range(timed_games)]
        for token, index in tokens:
            self.spawn(f"sdk-bot-{index}", self.sdk_slot, token, index)
        for index in range(bot_games):
            self.spawn(f"bots-{index}", self.bots_slot, owner)
        for index, token in enumerate(absent):
            seats = [
                {"kind": "account", "account": self.table.name(f"absent{index}")},
                {"kind": "bot", "strategy": "basic"},
            ]
            game_id = self.table.game(token, seats, time_control=TIMED_CONTROL, timed=True)
            self.table.join(game_id, token)

    def spawn(self, name: str, target, *args) -> None:
        def run():
            try:
                target(*args)
            except Exception as error:  # reported by the test
                self.errors.append(f"{name}: {type(error).__name__}: {error}")

        thread = threading.Thread(target=run, name=name, daemon=True)
        thread.start()
        self.threads.append(thread)

    def sdk_slot(self, token: str, index: int) -> None:
        bot = SdkBot(self.proxy_url, token, self, f"sdk-bot-{index}", self.wait)
        seats = [{"kind": "account", "account": self.table.name(f"sdk{index}")}, {"kind": "bot", "strategy": "basic"}]
        rng = random.Random(index)
        while not self.no_more_games.is_set():
            if rng.random() < 0.5:
                seats = seats[::-1]
            game_id = self.table.game(token, seats)
            self.table.join(game_id, token)
            bot.play(game_id)

    def bots_slot(self, owner: str) -> None:
        while not self.no_more_games.is_set():
            game_id = self.table.game(owner, [{"kind": "bot", "strategy": "basic"}] * 3)
            self.bot_games.append(game_id)
            while not self.stopped.is_set():
                if self.api.call("GET", f"/games/{game_id}", owner).body["status"] == "finished":
                    break
                time.sleep(0.5)

    def wait_for_moves(self, count: int, timeout: float = 120) -> None:
        """Until `count` more SDK moves were acknowledged."""
        target = len(self.moves) + count

        def moved() -> bool:
            assert not self.errors, self.errors
            return len(self.moves) >= target

        until(moved, timeout, f"no {count} moves after the {target - count} before", interval=0.2)

    def finish(self, timeout: float = 180) -> bool:
        """No new games; until every slot has ended its game (False if one had not in `timeout`)."""
        self.no_more_games.set()
        deadline = time.monotonic() + timeout
        for thread in self.threads:
            thread.join(max(0.0, deadline - time.monotonic()))
        done = not any(thread.is_alive() for thread in self.threads)
        if not done:
            self.stopped.set()
        return done

    def wait_for_timed_games(self, timeout: float = 180) -> None:
        """Until every timed game has finished, or `timeout` (problems() names the games that had not)."""
        with connect(self.database_url) as conn:

            def finished() -> bool:
                (running,) = conn.execute(
                    "SELECT count(*) FROM games WHERE id = ANY(%s) AND status <> 'finished'", (self.record.timed_games,)
                ).fetchone()
                return not running

            try:
                until(finished, timeout, "the timed games' end", interval=0.5)
            except AssertionError:
                pass

    # What went wrong

    def problems(self) -> list[str]:
        """Unfinished games, damaged logs (an event twice, a turn skipped), acknowledged moves
        missing, errors of the load's threads."""
        games = self.record.games
        return (
            self.errors
            + unfinished_games(self.database_url, games)
            + damaged_logs(self.database_url, games, set(self.record.timed_games))
            + acknowledged_moves_missing(self.database_url, self.record.acks)
            + self.record.surprises
        )

    def figures(self, fault: str, began: float, ended: float) -> dict:
        """What the fault did to the players, from `began` (the fault) to `ended`: failed requests
        (no answer or 5xx, SDK bots and game creation), the last of them after the fault, the
        first acknowledged SDK move after the last failure, moves lost (acknowledged, not in the
        log: counted over the whole run), turns late in the window."""
        failed = [f.at for f in self.failures if began <= f.at <= ended]
        failed += [
            a.sent for a in self.record.answers if began <= a.sent <= ended and (a.status is None or a.status >= 500)
        ]
        last_failure = max(failed, default=None)
        resumed_from = last_failure if last_failure is not None else began
        first_move = min((moment for moment in self.moves if moment > resumed_from), default=None)
        lost = acknowledged_moves_missing(self.database_url, self.record.acks)
        return {
            "fault": fault,
            "failed_requests": len(failed),
            "failures_until_s": None if last_failure is None else round(last_failure - began, 2),
            "first_move_after_s": None if first_move is None else round(first_move - began, 2),
            "lost_moves": len(lost),
            "late_turns": self.late_turns(began, ended),
            "moves_in_window": sum(began <= moment <= ended for moment in self.moves),
        }

    def worker_moves(self, began: float, ended: float | None = None) -> list[datetime]:
        """When the moves of the games of bots (and the server's timeouts of timed games) were made."""
        low = datetime.fromtimestamp(began, UTC)
        high = datetime.fromtimestamp(ended if ended is not None else time.time(), UTC)
        with connect(self.database_url) as conn:
            rows = conn.execute(
                "SELECT created_at FROM game_events WHERE game_id = ANY(%s) AND NOT (type = ANY(%s)) "
                "AND created_at BETWEEN %s AND %s ORDER BY created_at",
                (self.bot_games + self.record.timed_games, list(LOBBY_EVENTS), low, high),
            ).fetchall()
        return [created_at for (created_at,) in rows]

    def late_turns(self, began: float, ended: float) -> int:
        """Turns that ended in [began, ended] more than LATE_SECONDS after the turn before (timed
        games: TIMED_LATE_SECONDS)."""
        low, high = (datetime.fromtimestamp(moment, UTC) for moment in (began, ended))
        timed = set(self.record.timed_games)
        late = 0
        with connect(self.database_url) as conn:
            rows = conn.execute(
                "SELECT game_id, type, created_at FROM game_events WHERE game_id = ANY(%s) "
                "AND created_at <= %s ORDER BY game_id, seq",
                (self.record.games, high),
            ).fetchall()
        previous: dict[int, datetime] = {}
        for game_id, kind, created_at in rows:
            before = previous.get(game_id)
            previous[game_id] = created_at
            if before is None or kind in LOBBY_EVENTS or created_at < low:
                continue
            bound = TIMED_LATE_SECONDS if game_id in timed else LATE_SECONDS
            late += (created_at - before).total_seconds() > bound
        return late


def figures_line(figures: dict) -> str:
    return "cluster fault figures: " + ", ".join(f"{key}={value}" for key, value in figures.items())
