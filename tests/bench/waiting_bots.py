"""Many bots waiting for their turn at once, against `hanabi serve` with its defaults.

The script creates a database of its own on a Postgres server (dropped at the end), starts
`hanabi serve` on a free port of 127.0.0.1 with nothing but DATABASE_URL and a data folder of
its own (so: its default workers and connections, rate limits and the embedded Celery worker)
and creates `--bots` bot accounts (directly in the database: the API's sign-up limit is per
client address). Each bot opens a connection of its own and long-polls
`GET /v1/me/turn?wait=<--wait>` again and again; the bots start over `--ramp` seconds.

`--games` of the bots sit in 2-player games with a "mover" account, which is another client:
it makes plain requests (its seat's view, its actions, `GET /v1/accounts/me`) at about
`--rate` requests/s, and each of its actions hands the turn to a waiting bot, whose poll
answers; that bot then reads its view, acts (handing the turn back) and polls again. A finished
game is replaced. The other bots have no game: their polls end empty when their wait ends.

After the ramp it measures for `--duration` seconds. With `--storm` (a reconnect storm: what a
restart or a break in the network causes) every bot connects within `--ramp` 1 s, the mover
starts with them and the window starts then too (default: 10,000 bots, 15 s waits, three
waits measured). The mover's four connections are open before the bots begin (in a storm
too: its requests are those of a client already connected, not one connecting behind the
storm's 10,000), and it runs in a process of its own (its requests neither sent nor timed by
the bots' process, whose event loop and GIL are late while 10,000 connect; the two share the
bots' state of the mover's games in shared memory). Then it stops the mover, measures the
API's CPU for `--wait` seconds in which only empty polls run, and lets every poll in flight
end. It prints

    polls answered correctly   every poll: 200 and either its game (a wake-up) or empty after
                               its wait (not before the wait's last half, where the server
                               ends it at random, not more than 1 s after it, and not while a
                               turn handed to the bot more than 1 s before went unseen)
    within wait + 2 s          the polls of the window answered no later than 2 s after their
                               wait (from the moment the bot began to connect, for its first)
    after their wait p50/p99/max   of the polls of the window that ended empty: their answer's
                               time after their wait (negative: before it)
    plain requests p50/p99     the mover's requests in the window, and their p99 in each 5 s of it
    bots' connecting           from a bot's beginning to connect to its connection's being
                               established (p50/p99/max, and how many in each 0.5 s): the wait
                               in the listening queue, and this script's own lateness
    listening queue overflows  the machine's count of connections whose SYN a full listening
                               queue dropped (the client retries after 1 s, then 3 s), and this
                               script's event loop's lateness in each of the first seconds
    late empty polls           how many were their connection's first, and their connecting
    wake-up p50/p99            from the 200 of the mover's action to the waiting bot's answer
    API CPU per empty poll     the API processes' CPU over the polls answered while only empty
                               polls ran (the mover stopped)
    server memory              resident memory (PSS) and threads of the API's processes
                               (gunicorn's master and workers), and the PSS of the whole
                               `hanabi serve`, at the end of the window
    cores busy                 in the window: the API's processes, Postgres, this script (its two
                               processes), and the whole machine (what else ran shows there)

and the load average before and after. The script's garbage collector is off while the bots
run (its full collections, of the 10,000 bots' objects, held every thread for up to half a
second at a time, late answers to the bots and the mover alike). The script raises its own limit of open files to the
hard limit (each bot is a connection: a file here, and one in a server worker, whose limit
`hanabi serve` raises itself) and refuses more bots than it allows.

    .venv/bin/python tests/bench/waiting_bots.py                           # 1,000 bots, 30 s waits
    .venv/bin/python tests/bench/waiting_bots.py --bots 10000              # started over 40 s
    .venv/bin/python tests/bench/waiting_bots.py --storm                   # 10,000 bots within 1 s, 15 s waits
    .venv/bin/python tests/bench/waiting_bots.py --embedded                # an embedded pgserver

`--server-source DIR` runs `hanabi serve` from another checkout's `service/` (to compare two
versions of the server in one run of this script's client), and `--server-python` with another
virtual environment's Python (to compare two sets of packages); `--server-log FILE` keeps
`hanabi serve`'s output. Requests go to 127.0.0.1 only;
the script stops by itself after ramp + duration + two waits; one still running 300 s after
that prints its threads' stacks, kills the server and exits with status 3 (its database stays).
"""

import argparse
import asyncio
import faulthandler
import gc
import math
import multiprocessing
import os
import random
import resource
import secrets
import shutil
import signal
import subprocess
import sys
import threading
import time
from collections import Counter
from pathlib import Path

import orjson
import uvloop
from hanabi.api.notifications import NEW_CONNECTION_WAIT_JITTER
from hanabi.store.accounts import create_account
from hanabi.store.database import connect

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parents[2]))  # the repository, for tests.waiting
from api_load import (
    ACTION_WEIGHTS,
    HttpConnection,
    add_database_arguments,
    cpu_seconds,
    cpu_used,
    database_server,
    free_port,
    machine_seconds,
    percentile,
    postgres_pids,
    scratch_database,
)

from tests.waiting import until

IN_TIME_SECONDS = 2.0
"""The storm's promise: every poll answered within its wait + this."""
LATE_SECONDS = 1.0
"""A poll that ends empty more than this after its `wait` is late; a turn handed to a bot more
than this before its poll ends empty was missed."""
FILES_PER_BOT = 1
"""Each bot's connection is a file of this process (and one of a server worker, which has limits of its own)."""


class Bot:
    def __init__(self, name: str, token: str, slot: int | None = None):
        self.name = name
        self.token = token
        self.slot = slot
        """Its place in `Slots` when it plays the mover's games."""
        self.connection: HttpConnection | None = None


class Slots:
    """What the mover's process and the bots' process tell each other of the bots in the mover's
    games, in shared memory, a slot per bot (perf_counter times, which are the machine's
    monotonic clock in both; NaN: none)."""

    def __init__(self, count: int):
        self.handed_at = multiprocessing.RawArray("d", [math.nan] * count)
        """When the mover's action that handed the bot the turn got its 200."""
        self.woken_at = multiprocessing.RawArray("d", [-math.inf] * count)
        """When the bot's last poll answered with a game."""
        self.polling_since = multiprocessing.RawArray("d", [math.nan] * count)


class Run:
    def __init__(self, args, port: int, bots: list[Bot], slots: Slots):
        self.args = args
        self.port = port
        self.bots = bots
        self.slots = slots
        self.rng = random.Random(args.seed)
        self.measuring = False
        self.stopping = False
        self.polls = {"answered": 0, "correct": 0, "empty": 0}
        self.lateness: list[float] = []
        """Of each poll that ended empty in the window: seconds from its `wait` to its answer (negative: before)."""
        self.in_time = 0
        """Polls in the window answered within their wait + IN_TIME_SECONDS."""
        self.polls_in_window = 0
        self.wrong: dict[str, int] = {}
        self.wrong_lock = threading.Lock()
        self.late: list[tuple[bool, float, float]] = []
        """Of each poll that ended empty late: whether it was its connection's first, the bot's
        connecting time (for a first poll) and its lateness after its wait."""
        self.wakes: list[float] = []
        self.connects: list[float] = []
        """Of each bot: seconds from beginning to connect to the connection's being established."""

    def count_wrong(self, why: str) -> None:
        with self.wrong_lock:
            self.wrong[why] = self.wrong.get(why, 0) + 1

    async def bot(self, bot: Bot, start_at: float) -> None:
        await asyncio.sleep(max(0.0, start_at - time.perf_counter()))
        bot.connection = HttpConnection("127.0.0.1", self.port)
        wait = self.args.wait
        connecting = time.perf_counter()
        try:
            await asyncio.wait_for(bot.connection.connect(), wait + 30)
            self.connects.append(time.perf_counter() - connecting)
        except (TimeoutError, OSError):
            bot.connection.close()
            self.count_wrong("could not connect")
        connected_after = time.perf_counter() - connecting
        slot = bot.slot
        slots = self.slots
        while not self.stopping:
            started = time.perf_counter()
            if slot is not None:
                slots.polling_since[slot] = started
            first = connecting is not None
            if first:
                started, connecting = connecting, None
            status, page = await call(bot.connection, "GET", f"/me/turn?wait={wait}", bot.token, timeout=wait + 30)
            answered = time.perf_counter()
            if slot is not None:
                slots.polling_since[slot] = math.nan
            self.polls["answered"] += 1
            self.polls["empty"] += status == 200 and not page["items"]
            elapsed = answered - started
            if self.measuring:
                self.polls_in_window += 1
                self.in_time += elapsed <= wait + IN_TIME_SECONDS
                if status == 200 and not page["items"]:
                    self.lateness.append(elapsed - wait)
            if status != 200:
                self.count_wrong(f"status {status} {page.get('code')}")
                await asyncio.sleep(1)  # a bot backs off after an error
                continue
            if page["items"]:
                if slot is not None:
                    # Written before handed_at is read, as the mover writes handed_at before it
                    # reads woken_at: one of the two processes then sees the other's write.
                    slots.woken_at[slot] = answered
                    handed_at = slots.handed_at[slot]
                    if not math.isnan(handed_at):
                        if self.measuring:
                            self.wakes.append(answered - handed_at)
                        slots.handed_at[slot] = math.nan
                self.polls["correct"] += 1
                for game in page["items"]:
                    await self.act(bot, game["id"])
                continue
            if elapsed < wait * (1 - NEW_CONNECTION_WAIT_JITTER):
                self.count_wrong("empty before its wait")
            elif elapsed > wait + LATE_SECONDS:
                self.count_wrong("empty, late")
                self.late.append((first, connected_after if first else 0.0, elapsed - wait))
            elif slot is not None and slots.handed_at[slot] < answered - LATE_SECONDS:
                self.count_wrong("empty, its turn missed")
            else:
                self.polls["correct"] += 1

    async def act(self, bot: Bot, game_id: int) -> None:
        """The bot's move in `game_id`: its view, then one of its legal actions."""
        status, view = await call(bot.connection, "GET", f"/games/{game_id}/view", bot.token)
        if status != 200 or view["is_over"] or view["current_seat"] != view["seat"]:
            return
        status, after = await call(bot.connection, "POST", f"/games/{game_id}/actions", bot.token, self.action(view))

    def action(self, view: dict) -> dict:
        return random_action(self.rng, view)


async def call(connection: HttpConnection, method: str, path: str, token: str, body=None, timeout=30):
    """The status and body of a request; status 0 (and the connection closed) when it failed
    or took more than `timeout` seconds."""
    headers = {"Authorization": f"Bearer {token}"}
    data = None
    if body is not None:
        headers["Content-Type"] = "application/json"
        data = orjson.dumps(body)
    try:
        status, raw = await asyncio.wait_for(connection.request(method, "/v1" + path, headers, data), timeout)
    except (TimeoutError, OSError, asyncio.IncompleteReadError) as error:
        connection.close()
        return 0, {"code": type(error).__name__}
    return status, orjson.loads(raw) if raw else {}


def random_action(rng: random.Random, view: dict) -> dict:
    by_kind: dict[str, list[dict]] = {}
    for action in view["legal_actions"]:
        by_kind.setdefault(action["kind"], []).append(action)
    kinds = list(by_kind)
    action = dict(rng.choice(by_kind[rng.choices(kinds, [ACTION_WEIGHTS.get(k, 1) for k in kinds])[0]]))
    del action["seat"]
    action["expected_version"] = view["version"]
    return action


class Mover:
    """The mover, in a process of its own (`MoverProcess`): its four connections, its games
    (by id, with their bot's slot) and what it measured."""

    def __init__(self, rate: float, seed: int, port: int, token: str, bot_tokens: list[str], slots: Slots):
        self.rate = rate
        self.rng = random.Random(seed)
        self.token = token
        self.bot_tokens = bot_tokens
        self.slots = slots
        self.connections = [HttpConnection("127.0.0.1", port) for _ in range(4)]
        self.games: dict[int, int] = {}
        self.window = (math.inf, math.inf)
        """The window's start and end (perf_counter): the requests sent in it are measured."""
        self.stopped = False
        self.latencies: dict[str, list[float]] = {"GET view": [], "POST action": [], "GET accounts/me": []}
        self.plain_at: list[tuple[float, float]] = []
        """Of each request sent in the window: when (seconds into the window) and its latency."""
        self.wakes: list[float] = []
        """Wake-ups whose bot answered before the action's 200 was read (negative)."""
        self.wrong: Counter = Counter()

    def in_window(self, at: float) -> bool:
        return self.window[0] <= at < self.window[1]

    async def plain(self, connection: HttpConnection, label: str, method: str, path: str, body=None):
        started = time.perf_counter()
        status, payload = await call(connection, method, path, self.token, body)
        if self.in_window(started):
            latency = time.perf_counter() - started
            self.latencies[label].append(latency)
            self.plain_at.append((started - self.window[0], latency))
        if status >= 400:
            self.wrong[f"mover: {label} {status} {payload.get('code')}"] += 1
        return status, payload

    async def new_game(self, connection: HttpConnection, slot: int) -> None:
        status, game = await call(connection, "POST", "/games", self.token, {"options": {"players": 2}})
        if status != 201:
            self.wrong[f"mover: POST games {status} {game.get('code')}"] += 1
            return
        await call(connection, "POST", f"/games/{game['id']}/join", self.token)
        await call(connection, "POST", f"/games/{game['id']}/join", self.bot_tokens[slot])
        self.games[game["id"]] = slot

    async def mover(self, index: int) -> None:
        """One of the mover's connections: every 1/(rate/4) s on average (random gaps), a plain
        request; most are a move in a game where it is the mover's turn and its bot is waiting."""
        connection = self.connections[index]
        slots = self.slots
        due = time.perf_counter()
        while not self.stopped:
            due += self.rng.expovariate(self.rate / len(self.connections))
            await asyncio.sleep(max(0.0, due - time.perf_counter()))
            if self.rng.random() < 0.2:
                await self.plain(connection, "GET accounts/me", "GET", "/accounts/me")
                continue
            now = time.perf_counter()
            ready = [
                game_id
                for game_id, slot in list(self.games.items())
                if math.isnan(slots.handed_at[slot])
                and now - slots.polling_since[slot] > 0.5
                and game_id % len(self.connections) == index
            ]
            if not ready:
                continue
            game_id = self.rng.choice(ready)
            slot = self.games.get(game_id)
            if slot is None:
                continue
            status, view = await self.plain(connection, "GET view", "GET", f"/games/{game_id}/view")
            if status != 200:
                continue
            if view["is_over"]:
                self.games.pop(game_id, None)
                await self.new_game(connection, slot)
                continue
            if view["current_seat"] != view["seat"]:
                continue
            sent = time.perf_counter()
            status, after = await self.plain(
                connection, "POST action", "POST", f"/games/{game_id}/actions", random_action(self.rng, view)
            )
            if status != 200:
                continue
            if after["is_over"]:
                self.games.pop(game_id, None)
                await self.new_game(connection, slot)
            else:
                slots.handed_at[slot] = time.perf_counter()
                if slots.woken_at[slot] >= sent:  # the bot's answer came before this 200 was read
                    slots.handed_at[slot] = math.nan
                    if self.in_window(sent):
                        self.wakes.append(slots.woken_at[slot] - time.perf_counter())


class MoverProcess:
    """The mover in a process of its own (spawned: a fresh interpreter): the bots' event loop is
    late by up to seconds while a storm's 10,000 connect, and a plain request sent or timed by
    a thread of the bots' process waits for that loop's hold of the GIL, which would count as
    the server's. It creates its games and opens its connections before the bots begin."""

    def __init__(self, args, port: int, token: str, bots: list[Bot], slots: Slots):
        context = multiprocessing.get_context("spawn")
        self.commands, child = context.Pipe()
        tokens = [bot.token for bot in bots[: args.games]]
        self.process = context.Process(
            target=mover_main,
            args=(child, args.rate, args.seed + 1, port, token, tokens, slots),
            name="mover",
            daemon=True,
        )

    async def start(self) -> None:
        self.process.start()
        MOVER_PIDS.append(self.process.pid)
        await self.answer()

    def go(self, window: tuple[float, float]) -> None:
        self.commands.send(("go", window))

    async def end(self) -> dict:
        """Stops the mover; what it measured."""
        self.commands.send(("stop", None))
        measured = await self.answer()
        await asyncio.to_thread(self.process.join)
        return measured

    async def answer(self):
        kind, value = await asyncio.to_thread(self.commands.recv)
        if kind == "error":
            raise RuntimeError(f"the mover's process failed: {value}")
        return value


MOVER_PIDS: list[int] = []
"""The mover's process, for `stop_when_stuck`."""


def mover_main(commands, rate: float, seed: int, port: int, token: str, bot_tokens: list[str], slots: Slots) -> None:
    """The mover's process: creates a game per bot, opens its connections, answers "ready", moves
    from "go" (with the window) to "stop", then answers what it measured."""
    try:
        uvloop.run(serve_mover(commands, Mover(rate, seed, port, token, bot_tokens, slots)))
    except BaseException as error:
        commands.send(("error", repr(error)))
        raise


async def serve_mover(commands, mover: Mover) -> None:
    setup = HttpConnection("127.0.0.1", mover.connections[0].port)
    for slot in range(len(mover.bot_tokens)):
        await mover.new_game(setup, slot)
    setup.close()
    for connection in mover.connections:
        await connection.connect()
    commands.send(("ready", None))
    _, mover.window = await asyncio.to_thread(commands.recv)
    tasks = [asyncio.create_task(mover.mover(i)) for i in range(len(mover.connections))]
    await asyncio.to_thread(commands.recv)
    mover.stopped = True
    for task in tasks:
        task.cancel()
    for outcome in await asyncio.gather(*tasks, return_exceptions=True):
        if not isinstance(outcome, asyncio.CancelledError) and outcome is not None:
            raise outcome
    for connection in mover.connections:
        connection.close()
    commands.send(
        (
            "measured",
            {
                "latencies": mover.latencies,
                "plain_at": mover.plain_at,
                "wakes": mover.wakes,
                "wrong": dict(mover.wrong),
                "cpu_s": time.process_time(),
            },
        )
    )


def stop_group(process: subprocess.Popen) -> None:
    """SIGTERM to the process group `process` leads; SIGKILL if it has not ended 30 s later."""
    os.killpg(process.pid, signal.SIGTERM)
    try:
        process.wait(30)
    except subprocess.TimeoutExpired:
        os.killpg(process.pid, signal.SIGKILL)
        process.wait()


def process_tree(root: int) -> list[int]:
    pids, todo = [], [root]
    while todo:
        pid = todo.pop()
        pids.append(pid)
        try:
            for task in Path(f"/proc/{pid}/task").iterdir():
                todo += [int(child) for child in (task / "children").read_text().split()]
        except OSError:
            pass
    return pids


def command_line(pid: int) -> str:
    try:
        return Path(f"/proc/{pid}/cmdline").read_bytes().replace(b"\0", b" ").decode()
    except OSError:
        return ""


def pss_mib(pids: list[int]) -> float:
    total = 0
    for pid in pids:
        try:
            for line in Path(f"/proc/{pid}/smaps_rollup").read_text().splitlines():
                if line.startswith("Pss:"):
                    total += int(line.split()[1])
        except OSError:
            pass
    return total / 1024


def threads_of(pids: list[int]) -> int:
    count = 0
    for pid in pids:
        try:
            count += len(list(Path(f"/proc/{pid}/task").iterdir()))
        except OSError:
            pass
    return count


def is_celery_worker(command: str) -> bool:
    """The embedded Celery worker's command line (`hanabi.cli worker` in older checkouts)."""
    return "hanabi.runtime.cli worker" in command or "hanabi.cli worker" in command


def api_processes(server_pid: int) -> tuple[list[int], list[int]]:
    """The API's processes (the serve process, which is gunicorn's master, and its gunicorn
    workers) and the whole tree (with the embedded Celery worker)."""
    tree = process_tree(server_pid)
    celery = {pid for root in tree if is_celery_worker(command_line(root)) for pid in process_tree(root)}
    return [pid for pid in tree if pid not in celery], tree


def server_memory(server_pid: int) -> dict:
    """PSS and threads of the API's processes, and PSS of the whole tree."""
    api, tree = api_processes(server_pid)
    return {"api_mib": round(pss_mib(api), 1), "all_mib": round(pss_mib(tree), 1), "api_threads": threads_of(api)}


def raise_open_files_limit(bots: int) -> None:
    _, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    resource.setrlimit(resource.RLIMIT_NOFILE, (hard, hard))
    needed = FILES_PER_BOT * bots + 500
    if hard != resource.RLIM_INFINITY and needed > hard:
        sys.exit(f"{bots} bots need about {needed} open files; the hard limit is {hard}")


def cli_module(source: Path | None) -> str:
    """The module of `hanabi`'s command line in `source` (a checkout's service/; None: this one's),
    which older checkouts had at the package's root."""
    if source is not None and not (source / "hanabi" / "runtime" / "cli.py").exists():
        return "hanabi.cli"
    return "hanabi.runtime.cli"


def start_server(
    url: str,
    scratch: Path,
    port: int,
    source: Path | None = None,
    python: Path | None = None,
    options: tuple[str, ...] = (),
) -> subprocess.Popen:
    """`hanabi serve` on `port` with `options`, from `source` (a checkout's service/) and with
    `python` (a virtual environment's, with the packages it has) when given, else as this
    script runs."""
    env = {**os.environ, "DATABASE_URL": url, "HANABI_DATA_DIR": str(scratch / "data")}
    if source is not None:
        env["PYTHONPATH"] = str(source.resolve())
    env.pop("CELERY_BROKER_URL", None)
    with open(scratch / "serve.log", "w") as log:
        return subprocess.Popen(
            [str(python or sys.executable), "-m", cli_module(source), "serve", "--port", str(port), *options],
            env=env, stdout=log, stderr=subprocess.STDOUT, start_new_session=True,
        )  # fmt: skip


def wait_ready(server: subprocess.Popen, port: int, scratch: Path) -> None:
    import urllib.request

    def ready() -> bool:
        if server.poll() is not None:
            raise RuntimeError(f"hanabi serve exited: {(scratch / 'serve.log').read_text()[-3000:]}")
        try:
            with urllib.request.urlopen(f"http://127.0.0.1:{port}/v1/ready", timeout=2) as response:
                return response.status == 200
        except OSError:
            return False

    until(ready, 120, "hanabi serve was not ready", 0.3)


STUCK_MARGIN_SECONDS = 300
"""Beyond the run's planned time (ramp, window, the CPU measure, the last polls' end), how long
the script runs before `stop_when_stuck` stops it."""


RUNNING_LOOP: list[asyncio.AbstractEventLoop] = []
"""The event loop of the run, once it runs (for `stop_when_stuck`)."""


def tasks_by_place() -> Counter:
    """The run's tasks counted by the innermost frame each waits in (read from another thread:
    best effort)."""
    places: Counter = Counter()
    for loop in RUNNING_LOOP:
        try:
            tasks = list(asyncio.all_tasks(loop))
        except RuntimeError:
            return places
        for task in tasks:
            stack = task.get_stack()
            places[f"{stack[-1].f_code.co_name} line {stack[-1].f_lineno}" if stack else "(no frame)"] += 1
    return places


def stop_when_stuck(server: subprocess.Popen, seconds: float) -> threading.Timer:
    """A timer that, unless cancelled within `seconds`, prints where every thread of this script
    is and the server's log's end, kills the server and ends the script (exit status 3), where
    a run would otherwise hang."""

    def stop() -> None:
        print(f"waiting_bots.py: still running {seconds:.0f} s after the bots began; stopping", file=sys.stderr)
        faulthandler.dump_traceback(sys.stderr, all_threads=True)
        print("its asyncio tasks, by where each waits:", file=sys.stderr)
        for where, count in tasks_by_place().most_common(20):
            print(f"  {count} at {where}", file=sys.stderr)
        os.killpg(server.pid, signal.SIGKILL)
        for pid in MOVER_PIDS:
            os.kill(pid, signal.SIGKILL)
        sys.stderr.flush()
        os._exit(3)

    timer = threading.Timer(seconds, stop)
    timer.daemon = True
    timer.start()
    return timer


def make_accounts(url: str, count: int) -> tuple[str, list[Bot]]:
    prefix = secrets.token_hex(3)
    with connect(url) as conn:
        _, mover = create_account(conn, f"mover-{prefix}", "bot")
        bots = [Bot(f"wb-{prefix}-{i}", create_account(conn, f"wb-{prefix}-{i}", "bot")[1]) for i in range(count)]
    return mover, bots


async def drive(args, port: int, server_pid: int, url: str, mover_token: str, bots: list[Bot]) -> dict:
    RUNNING_LOOP.append(asyncio.get_running_loop())
    slots = Slots(args.games)
    run = Run(args, port, bots, slots)
    mover = MoverProcess(args, port, mover_token, bots, slots)
    await mover.start()
    api, _ = api_processes(server_pid)
    database = postgres_pids(url)
    overflows_before = listen_overflows()
    begin = time.perf_counter()
    lag_task = asyncio.create_task(loop_lag(LAG_SECONDS))
    tasks = [asyncio.create_task(run.bot(bot, begin + args.ramp * i / len(bots))) for i, bot in enumerate(bots)]
    if not args.storm:
        await asyncio.sleep(args.ramp + 1)
    load_generator = [os.getpid(), mover.process.pid]
    cpu_before = (cpu_seconds(api), cpu_seconds(database), cpu_seconds(load_generator), machine_seconds()[0])
    run.measuring = True
    started = time.perf_counter()
    mover.go((started, started + args.duration))
    await asyncio.sleep(args.duration)
    memory = server_memory(server_pid)
    run.measuring = False
    elapsed = time.perf_counter() - started
    cpu_after = (cpu_seconds(api), cpu_seconds(database), cpu_seconds(load_generator), machine_seconds()[0])
    cores = {
        "API": cpu_used(cpu_before[0], cpu_after[0]) / elapsed,
        "postgres": cpu_used(cpu_before[1], cpu_after[1]) / elapsed,
        "load generator": cpu_used(cpu_before[2], cpu_after[2]) / elapsed,
    }
    cores["all of the machine"] = (cpu_after[3] - cpu_before[3]) / elapsed
    measured = await mover.end()
    run.wakes += measured["wakes"]
    for why, count in measured["wrong"].items():
        run.wrong[why] = run.wrong.get(why, 0) + count
    empty_poll_cpu = await cpu_per_empty_poll(run, api, args.wait)
    lags = await lag_task
    run.stopping = True
    done, pending = await asyncio.wait(tasks, timeout=args.wait + 30)
    for task in pending:
        task.cancel()
    for task in done:
        if task.exception() is not None:
            raise task.exception()
    for bot in bots:
        if bot.connection is not None:
            bot.connection.close()
    latencies: dict[str, list[float]] = measured["latencies"]
    plain = [value for values in latencies.values() for value in values]
    return {
        "bots": len(bots),
        "wait": args.wait,
        "ramp": args.ramp,
        "storm": args.storm,
        "seconds": round(elapsed, 1),
        "polls_answered": run.polls["answered"],
        "polls_correct": run.polls["correct"],
        "polls_in_window": run.polls_in_window,
        "polls_in_time": run.in_time,
        "wrong": run.wrong,
        "unfinished_polls": len(pending),
        "lateness_s": {
            "empty_polls": len(run.lateness),
            "p50": round(percentile(run.lateness, 0.5), 2),
            "p99": round(percentile(run.lateness, 0.99), 2),
            "max": round(max(run.lateness, default=float("nan")), 2),
        },
        "plain_requests": len(plain),
        "plain_ms": {"p50": round(1000 * percentile(plain, 0.5), 1), "p99": round(1000 * percentile(plain, 0.99), 1)},
        "plain_ms_by_kind": {
            label: {
                "count": len(values),
                "p50": round(1000 * percentile(values, 0.5), 1),
                "p99": round(1000 * percentile(values, 0.99), 1),
            }
            for label, values in latencies.items()
        },
        "plain_p99_ms_by_5s": plain_p99_by_span(measured["plain_at"], PLAIN_SPAN_SECONDS),
        "connect_s": {
            "p50": round(percentile(run.connects, 0.5), 3),
            "p99": round(percentile(run.connects, 0.99), 3),
            "max": round(max(run.connects, default=float("nan")), 3),
        },
        "late_polls": late_polls(run.late),
        "listen_overflows": listen_overflows() - overflows_before,
        "loop_lag_ms": lags,
        "connect_histogram": {
            f"{start:g}": count for start, count in sorted(Counter(0.5 * (c // 0.5) for c in run.connects).items())
        },
        "wake_ups": len(run.wakes),
        "wake_ms": {
            "p50": round(1000 * percentile(run.wakes, 0.5), 1),
            "p99": round(1000 * percentile(run.wakes, 0.99), 1),
        },
        "empty_poll_cpu": empty_poll_cpu,
        "server_memory": memory,
        "cores_busy": {name: round(value, 2) for name, value in cores.items()},
    }


LAG_SECONDS = 10
"""The script's own event loop's lateness is reported for this many seconds from the bots' start."""


async def loop_lag(seconds: float) -> list[float]:
    """This script's event loop's longest lateness (ms) in each second of the first `seconds`: a
    bot's connecting counts it too (the loop sees the connection late)."""
    lags = [0.0] * int(seconds)
    begin = time.perf_counter()
    while (now := time.perf_counter()) - begin < seconds:
        await asyncio.sleep(0.01)
        late = time.perf_counter() - now - 0.01
        second = int(now - begin)
        if second < len(lags):
            lags[second] = max(lags[second], round(1000 * late, 1))
    return lags


def listen_overflows() -> int:
    """The machine's count of connections dropped because a listening queue was full (TcpExt
    ListenOverflows)."""
    names, values = [
        line.split() for line in Path("/proc/net/netstat").read_text().splitlines() if line.startswith("TcpExt:")
    ][:2]
    return int(values[names.index("ListenOverflows")])


def late_polls(late: list[tuple[bool, float, float]]) -> dict:
    """The polls that ended empty late: how many were their connection's first, with their bots'
    connecting time, and how many later ones."""
    first = [(connect, lateness) for is_first, connect, lateness in late if is_first]
    return {
        "first": len(first),
        "first_connect_s_p50": round(percentile([c for c, _ in first], 0.5), 2),
        "first_late_s_p50": round(percentile([x for _, x in first], 0.5), 2),
        "later": len(late) - len(first),
    }


PLAIN_SPAN_SECONDS = 5.0
"""The window's plain requests are also reported by spans of this many seconds (when they were sent)."""


def plain_p99_by_span(sent_and_latency: list[tuple[float, float]], span: float) -> list[float]:
    """The p99 (ms) of the plain requests sent in each `span` seconds of the window, in order:
    where in a storm's waits the slow ones fall."""
    spans: dict[int, list[float]] = {}
    for sent, latency in sent_and_latency:
        spans.setdefault(int(sent // span), []).append(latency)
    return [round(1000 * percentile(spans.get(index, []), 0.99), 1) for index in range(max(spans, default=-1) + 1)]


async def cpu_per_empty_poll(run: Run, api: list[int], seconds: float) -> dict:
    """The API's CPU per poll answered 200 and empty while only such polls run (the mover
    stopped), over `seconds`; the other answers in that time (errors) are counted too."""
    before, cpu_before, started = dict(run.polls), cpu_seconds(api), time.perf_counter()
    await asyncio.sleep(seconds)
    polls = run.polls["empty"] - before["empty"]
    cpu = cpu_used(cpu_before, cpu_seconds(api))
    return {
        "seconds": round(time.perf_counter() - started, 1),
        "polls": polls,
        "other_answers": run.polls["answered"] - before["answered"] - polls,
        "ms_per_poll": round(1000 * cpu / polls, 3) if polls else None,
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    add_database_arguments(parser)
    parser.add_argument(
        "--storm",
        action="store_true",
        help="every bot connects within one second and the window starts with them (defaults: 10,000 bots, 15 s waits)",
    )
    parser.add_argument("--bots", type=int, help="bot accounts waiting at once (default 1000; 10,000 with --storm)")
    parser.add_argument(
        "--wait", type=int, help="seconds each poll waits (default 30, as `hanabi bot`; 15 with --storm)"
    )
    parser.add_argument("--games", type=int, default=100, help="bots in a game with the mover (default 100)")
    parser.add_argument("--rate", type=float, default=40, help="the mover's requests per second (default 40)")
    parser.add_argument(
        "--ramp", type=float, help="seconds over which the bots start (default: bots / 250; 1 with --storm)"
    )
    parser.add_argument(
        "--duration",
        type=float,
        help="seconds measured after the ramp (default 60; with --storm, 3 waits from the start)",
    )
    parser.add_argument(
        "--server-source",
        type=Path,
        help="run hanabi serve from this folder's hanabi package (another checkout's service/)",
    )
    parser.add_argument(
        "--server-python",
        type=Path,
        help="run hanabi serve with this Python (another checkout's .venv/bin/python, with its packages)",
    )
    parser.add_argument("--server-log", type=Path, help="copy hanabi serve's log (its output) to this file at the end")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--json", action="store_true", help="print the result as JSON")
    args = parser.parse_args()
    if args.bots is None:
        args.bots = 10_000 if args.storm else 1000
    if args.wait is None:
        args.wait = 15 if args.storm else 30
    if args.ramp is None:
        args.ramp = 1.0 if args.storm else args.bots / 250
    if args.duration is None:
        args.duration = 3 * args.wait if args.storm else 60
    args.games = min(args.games, args.bots)
    raise_open_files_limit(args.bots)
    load_before = os.getloadavg()
    with scratch_database(database_server(args), "waiting-bots-") as (url, scratch):
        port = free_port()
        server = start_server(url, scratch, port, args.server_source, args.server_python)
        try:
            wait_ready(server, port, scratch)
            mover, bots = make_accounts(url, args.bots)
            for slot, bot in enumerate(bots[: args.games]):
                bot.slot = slot
            watchdog = stop_when_stuck(server, args.ramp + args.duration + 2 * args.wait + STUCK_MARGIN_SECONDS)
            gc.collect()
            gc.disable()
            try:
                result = uvloop.run(drive(args, port, server.pid, url, mover, bots))
            finally:
                gc.enable()
            watchdog.cancel()
        finally:
            stop_group(server)
            if args.server_log is not None:
                shutil.copyfile(scratch / "serve.log", args.server_log)
    result["load_average"] = {
        "before": [round(x, 2) for x in load_before],
        "after": [round(x, 2) for x in os.getloadavg()],
    }
    if args.json:
        print(orjson.dumps(result, option=orjson.OPT_INDENT_2).decode())
        return
    memory, late, cpu = result["server_memory"], result["lateness_s"], result["empty_poll_cpu"]
    start = "all within 1 s (a storm)" if result["storm"] else f"over {result['ramp']} s"
    print(
        f"{result['bots']} bots polling /v1/me/turn?wait={result['wait']}, started {start}; "
        f"{result['seconds']} s measured" + (" from the start" if result["storm"] else " after the ramp")
    )
    print(f"polls answered correctly: {result['polls_correct']} of {result['polls_answered']}"
          f" ({result['polls_in_window']} in the window); wrong: {result['wrong'] or 'none'};"
          f" unfinished at the end: {result['unfinished_polls']}")  # fmt: skip
    print(
        f"polls in the window answered within their wait + {IN_TIME_SECONDS:g} s: "
        f"{result['polls_in_time']} of {result['polls_in_window']}"
    )
    print(
        f"empty polls' answer after their wait ({late['empty_polls']} polls): "
        f"p50 {late['p50']:+} s, p99 {late['p99']:+} s, max {late['max']:+} s"
    )
    by_kind = "".join(f"; {k} p50 {v['p50']} / p99 {v['p99']} ms" for k, v in result["plain_ms_by_kind"].items())
    print(
        f"plain requests: {result['plain_requests']}, p50 {result['plain_ms']['p50']} ms, "
        f"p99 {result['plain_ms']['p99']} ms{by_kind}"
    )
    print(f"plain requests' p99 by {PLAIN_SPAN_SECONDS:.0f} s of the window (ms): {result['plain_p99_ms_by_5s']}")
    connect = result["connect_s"]
    print(f"bots' connecting (s): p50 {connect['p50']}, p99 {connect['p99']}, max {connect['max']};"
          f" by 0.5 s: {result['connect_histogram']}")  # fmt: skip
    print(f"listening queue overflows (the machine's): {result['listen_overflows']};"
          f" this script's loop lateness by second (ms): {result['loop_lag_ms']}")  # fmt: skip
    late_ones = result["late_polls"]
    print(f"late empty polls: {late_ones['first']} first polls of their connection (connecting p50"
          f" {late_ones['first_connect_s_p50']} s, late p50 {late_ones['first_late_s_p50']} s),"
          f" {late_ones['later']} later")  # fmt: skip
    print(f"wake-ups: {result['wake_ups']}, p50 {result['wake_ms']['p50']} ms, p99 {result['wake_ms']['p99']} ms")
    print(
        f"API CPU per empty poll: {cpu['ms_per_poll']} ms ({cpu['polls']} polls answered empty and"
        f" {cpu['other_answers']} other answers in {cpu['seconds']} s with the mover stopped)"
    )
    print(f"server memory (PSS): API processes {memory['api_mib']} MiB ({memory['api_threads']} threads),"
          f" all of hanabi serve {memory['all_mib']} MiB")  # fmt: skip
    print(
        f"cores busy (of {os.cpu_count()}): "
        + ", ".join(f"{name} {value}" for name, value in result["cores_busy"].items())
    )
    print(f"load average before {result['load_average']['before']}, after {result['load_average']['after']}")


if __name__ == "__main__":
    main()
