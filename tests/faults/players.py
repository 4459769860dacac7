"""Players of the fault suite: HTTP clients that spread their requests over the API processes,
ride out every failure, and record every answer they get and every move the server acknowledged.

Every state-changing POST carries an Idempotency-Key and is retried with the same key until an
answer that is not a failure of the service comes back (no answer at all, or any 5xx): a retry
of a move that was committed but whose answer was lost gets the stored answer, so a move is
written once however often it is sent. Each attempt goes to the next API process.
"""

import itertools
import json
import random
import re
import threading
import time
import urllib.error
import urllib.request
from dataclasses import dataclass, field
from http.client import HTTPException

RETRY_PAUSE_SECONDS = 0.3
"""How long a player waits before retrying a failed request. Shorter than the Retry-After the
API advises (5 s) on purpose: the players keep sending while the database is away."""

SEND_AGAIN_SHARE = 0.1
"""The share of acknowledged moves a player sends a second time, as a client that lost the
answer would: the API must answer from the stored reply (Idempotent-Replayed) and write nothing."""

ACTION_WEIGHTS = {"color_clue": 3, "rank_clue": 3, "discard": 4, "play": 1}
"""Mostly clues and discards, so that most games run to the end of the deck."""


class GaveUp(RuntimeError):
    """A request got no answer other than failures for too long."""


@dataclass(frozen=True)
class Answer:
    """One attempt of a request and what came back: `status` None means no answer (connection
    refused or reset, time-out)."""

    sent: float
    answered: float
    api: int
    method: str
    route: str
    status: int | None
    retry_after: str | None = None
    code: str | None = None
    error: str | None = None
    replayed: bool = False
    """The API answered from the reply it stored for the Idempotency-Key (Idempotent-Replayed)."""

    def __str__(self) -> str:
        outcome = self.status if self.status is not None else f"no answer ({self.error})"
        return f"{self.method} {self.route} on API {self.api} at {self.sent:.3f}: {outcome} {self.code or ''}".rstrip()


@dataclass(frozen=True)
class Response:
    status: int
    headers: dict
    body: object


@dataclass(frozen=True)
class Ack:
    """A move the server answered 2xx: the game's version after it, and the turn it was made in."""

    game_id: int
    seat: int
    turn: int
    version: int
    action: dict


@dataclass
class Record:
    """What the players saw, shared by their threads."""

    answers: list[Answer] = field(default_factory=list)
    acks: list[Ack] = field(default_factory=list)
    games: list[int] = field(default_factory=list)
    """Every game whose creation was acknowledged."""
    timed_games: list[int] = field(default_factory=list)
    surprises: list[str] = field(default_factory=list)
    """Answers a correct service never gives these players (a 4xx to a legal move, ...)."""
    lock: threading.Lock = field(default_factory=threading.Lock)

    def add(self, name: str, item) -> None:
        with self.lock:
            getattr(self, name).append(item)


class Api:
    """HTTP/1.1 to the API processes, one after the other (client-side round robin)."""

    def __init__(self, bases: list[str], record: Record, *, timeout: float = 30, give_up_after: float = 120):
        self.bases = bases
        self.record = record
        self.timeout = timeout
        self.give_up_after = give_up_after
        self.turns = itertools.count()
        self.opener = urllib.request.build_opener(urllib.request.ProxyHandler({}))

    def send(self, method: str, path: str, token: str | None = None, body=None, headers: dict | None = None):
        """One attempt; the Response, or None when no answer came."""
        api = next(self.turns) % len(self.bases)
        request_headers = {"Accept": "application/json", **(headers or {})}
        if token:
            request_headers["Authorization"] = f"Bearer {token}"
        data = None
        if body is not None:
            data = json.dumps(body).encode()
            request_headers["Content-Type"] = "application/json"
        request = urllib.request.Request(self.bases[api] + path, data=data, headers=request_headers, method=method)
        route = re.sub(r"/\d+", "/{id}", path.split("?")[0])
        sent = time.time()
        try:
            with self.opener.open(request, timeout=self.timeout) as answer:
                response = Response(answer.status, dict(answer.headers), _json(answer.read()))
        except urllib.error.HTTPError as error:
            response = Response(error.code, dict(error.headers), _json(error.read()))
        except (urllib.error.URLError, HTTPException, OSError) as error:
            self.record.add("answers", Answer(sent, time.time(), api, method, route, None, error=type(error).__name__))
            return None
        code = response.body.get("code") if isinstance(response.body, dict) else None
        answer = Answer(
            sent,
            time.time(),
            api,
            method,
            route,
            response.status,
            response.headers.get("Retry-After"),
            code,
            replayed=response.headers.get("Idempotent-Replayed") == "true",
        )
        self.record.add("answers", answer)
        return response

    def call(
        self,
        method: str,
        path: str,
        token: str | None = None,
        body=None,
        *,
        key: str | None = None,
        etag: str | None = None,
    ) -> Response:
        """Attempts until an answer that is not a failure of the service (none, or a 5xx)."""
        headers = {}
        if key is not None:
            headers["Idempotency-Key"] = key
        if etag is not None:
            headers["If-None-Match"] = etag
        deadline = time.monotonic() + self.give_up_after
        while True:
            response = self.send(method, path, token, body, headers)
            if response is not None and response.status < 500:
                return response
            if time.monotonic() > deadline:
                raise GaveUp(f"{method} {path}: no answer but failures for {self.give_up_after} s")
            time.sleep(RETRY_PAUSE_SECONDS)


def _json(raw: bytes):
    try:
        return json.loads(raw) if raw else None
    except ValueError:
        return raw.decode(errors="replace")


class Table:
    """Creating accounts and games, for the players and the test."""

    def __init__(self, api: Api, record: Record, prefix: str):
        self.api = api
        self.record = record
        self.prefix = prefix
        self.keys = itertools.count()

    def key(self, what: str) -> str:
        return f"{self.prefix}-{what}-{next(self.keys)}"

    def account(self, name: str) -> str:
        """An account's token. Made before any fault: POST /accounts has no Idempotency-Key."""
        response = self.api.call("POST", "/accounts", body={"name": f"{self.prefix}-{name}", "kind": "human"})
        assert response.status == 201, response
        return response.body["token"]

    def name(self, name: str) -> str:
        return f"{self.prefix}-{name}"

    def game(self, creator: str, seats: list[dict], *, time_control: dict | None = None, timed: bool = False) -> int:
        body = {"options": {"players": len(seats)}, "seats": seats}
        if time_control is not None:
            body["time_control"] = time_control
        response = self.api.call("POST", "/games", creator, body, key=self.key("game"))
        self.expect(response, 201, "create a game")
        game_id = response.body["id"]
        self.record.add("games", game_id)
        if timed:
            self.record.add("timed_games", game_id)
        return game_id

    def join(self, game_id: int, token: str) -> dict:
        response = self.api.call("POST", f"/games/{game_id}/join", token, key=self.key(f"join-{game_id}"))
        self.expect(response, 200, f"join game {game_id}")
        return response.body

    def expect(self, response: Response, status: int, what: str) -> None:
        if response.status != status:
            self.record.add("surprises", f"{what}: {response.status} {response.body}")
            raise AssertionError(f"{what}: {response.status} {response.body}")


class Player:
    """Plays the seats of `tokens` (seat -> token) in one game over HTTP until it ends: reads its
    view, waits `think` seconds, posts one of the view's legal actions with the version it saw."""

    def __init__(
        self,
        api: Api,
        record: Record,
        game_id: int,
        tokens: dict[int, str],
        rng: random.Random,
        think: float,
        poll: float,
        stopped: threading.Event,
    ):
        self.api = api
        self.stopped = stopped
        """Set when the test gives up: the player stops at its next request."""
        self.record = record
        self.game_id = game_id
        self.tokens = tokens
        self.rng = rng
        self.think = think
        self.poll = poll

    def play(self) -> None:
        seat = min(self.tokens)
        etag = None
        while not self.stopped.is_set():
            response = self.api.call("GET", f"/games/{self.game_id}/view", self.tokens[seat], etag=etag)
            if response.status == 304:
                time.sleep(self.poll)  # the player polls its view, as a client does
                continue
            if response.status != 200:
                self.surprise("GET view", response)
                time.sleep(self.poll)
                continue
            view = response.body
            if view["is_over"]:
                return
            if view["current_seat"] != seat:
                if view["current_seat"] in self.tokens:
                    seat, etag = view["current_seat"], None
                else:
                    etag = response.headers.get("ETag")
                    time.sleep(self.poll)
                continue
            etag = None
            time.sleep(self.think)
            self.move(seat, view)

    def move(self, seat: int, view: dict) -> None:
        action = self.choose(view["legal_actions"])
        body = {**action, "expected_version": view["version"]}
        key = f"game-{self.game_id}-version-{view['version']}"
        response = self.api.call("POST", f"/games/{self.game_id}/actions", self.tokens[seat], body, key=key)
        if response.status != 200:
            self.surprise(f"POST {action}", response)
            return
        self.record.add("acks", Ack(self.game_id, seat, view["turn"], response.body["version"], action))
        if self.rng.random() < SEND_AGAIN_SHARE:
            again = self.api.call("POST", f"/games/{self.game_id}/actions", self.tokens[seat], body, key=key)
            replayed = again.headers.get("Idempotent-Replayed") == "true"
            if again.status != 200 or not replayed or again.body["version"] != response.body["version"]:
                self.surprise(f"POST {action} sent again (replayed: {replayed})", again)

    def choose(self, legal: list[dict]) -> dict:
        by_kind: dict[str, list[dict]] = {}
        for action in legal:
            if action["kind"] in ACTION_WEIGHTS:
                by_kind.setdefault(action["kind"], []).append(action)
        kinds = list(by_kind)
        kind = self.rng.choices(kinds, [ACTION_WEIGHTS[k] for k in kinds])[0]
        action = dict(self.rng.choice(by_kind[kind]))
        del action["seat"]
        return action

    def surprise(self, what: str, response: Response) -> None:
        self.record.add("surprises", f"game {self.game_id}, {what}: {response.status} {response.body}")
