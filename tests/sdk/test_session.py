"""hanabi_client.session, the hand-written layer beside the generated client, over real HTTP to
a real server; failures come from a real front (a small HTTP proxy) that answers 429 or 503,
or drops the connection, for the requests it is told to, and passes the others on."""

import asyncio
import http.server
import json
import threading
import time
from collections import deque
from contextlib import contextmanager

import httpx
import pytest
from hanabi_client.api.games import create_game, get_game, join_game
from hanabi_client.api.me import list_my_turn
from hanabi_client.api.play import act, get_view
from hanabi_client.models import AccountSeatRequest, CreateGameRequest, JoinRequest, OpenSeatRequest, OptionsRequest
from hanabi_client.session import ACTION_REQUESTS, ApiError, AsyncSession, RetriesExhausted, Session, action_request

RATE_LIMITED = json.dumps(
    {
        "type": "urn:hanabi:problem:rate_limited",
        "title": "Too Many Requests",
        "status": 429,
        "code": "rate_limited",
        "detail": "Too many requests; try again in 1 s.",
    }
).encode()


class FaultyFront:
    """A proxy to `upstream`; `faults` are used up one per request: "429" (Retry-After: 1),
    "503", "drop" (close without an answer), "cut" (a stream cut after its first line)."""

    def __init__(self, upstream: str):
        self.upstream = upstream
        self.faults: deque[str] = deque()
        self.requests: list[str] = []
        front = self

        class Handler(http.server.BaseHTTPRequestHandler):
            protocol_version = "HTTP/1.1"

            def log_message(self, *args):
                pass

            def do_GET(self):
                front.handle(self)

            def do_POST(self):
                front.handle(self)

        self.server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.server.daemon_threads = True
        self.url = f"http://127.0.0.1:{self.server.server_address[1]}"
        threading.Thread(target=self.server.serve_forever, daemon=True).start()

    def handle(self, request: http.server.BaseHTTPRequestHandler) -> None:
        self.requests.append(f"{request.command} {request.path}")
        body = request.rfile.read(int(request.headers.get("Content-Length") or 0))
        fault = self.faults.popleft() if self.faults else None
        if fault == "drop":
            request.close_connection = True
            request.connection.shutdown(2)
            return
        if fault == "lose_answer":  # the server gets the request; its answer never arrives
            with httpx.Client(base_url=self.upstream, timeout=90) as upstream:
                upstream.request(request.command, request.path, headers=self.passed_on(request), content=body)
            request.close_connection = True
            request.connection.shutdown(2)
            return
        if fault == "429":
            self.answer(request, 429, "application/problem+json", RATE_LIMITED, {"Retry-After": "1"})
            return
        if fault == "503":
            self.answer(request, 503, "text/html", b"<html><body>503 Service Unavailable</body></html>", {})
            return
        with (
            httpx.Client(base_url=self.upstream, timeout=90) as upstream,
            upstream.stream(request.command, request.path, headers=self.passed_on(request), content=body) as answer,
        ):
            request.send_response(answer.status_code)
            for name in ("Content-Type", "Retry-After", "Idempotent-Replayed"):
                if name in answer.headers:
                    request.send_header(name, answer.headers[name])
            if request.path.startswith("/v1/me/stream"):
                request.send_header("Connection", "close")
                request.end_headers()
                for line in answer.iter_lines():
                    request.wfile.write(line.encode() + b"\n")
                    request.wfile.flush()
                    if fault == "cut" and line:
                        request.close_connection = True
                        return
                return
            content = answer.read()
            request.send_header("Content-Length", str(len(content)))
            request.end_headers()
            request.wfile.write(content)

    @staticmethod
    def passed_on(request) -> dict:
        return {k: v for k, v in request.headers.items() if k.lower() not in ("host", "content-length")}

    @staticmethod
    def answer(request, status: int, content_type: str, body: bytes, headers: dict) -> None:
        request.send_response(status)
        request.send_header("Content-Type", content_type)
        request.send_header("Content-Length", str(len(body)))
        for name, value in headers.items():
            request.send_header(name, value)
        request.end_headers()
        request.wfile.write(body)

    def close(self):
        self.server.shutdown()
        self.server.server_close()


@contextmanager
def front_of(api_url):
    front = FaultyFront(api_url)
    try:
        yield front
    finally:
        front.close()


@pytest.fixture
def two_player_game(api_url, new_account):
    """A running game of two new accounts: (game id, (account, token) by seat)."""
    (alice, alice_client), (bob, bob_client) = new_account("sess"), new_account("sess")
    game = create_game.sync(client=alice_client, body=CreateGameRequest(options=OptionsRequest(players=2)))
    join_game.sync(game.id, client=alice_client, body=JoinRequest())
    join_game.sync(game.id, client=bob_client, body=JoinRequest())
    return game.id, (alice, bob)


def test_a_problem_is_raised_with_its_code(api_url, new_account):
    account, _ = new_account("sess")
    with Session(api_url, account.token) as session, pytest.raises(ApiError) as raised:
        session.call(get_game, 999_999_999)
    assert raised.value.status == 404 and raised.value.code == "game_not_found" and raised.value.detail


def test_a_legal_action_is_a_request_model_that_is_played_once(api_url, two_player_game):
    game_id, (alice, _) = two_player_game
    with Session(api_url, alice.token) as session:
        view = session.call(get_view, game_id)
        legal = view.legal_actions[0]
        assert isinstance(legal, ACTION_REQUESTS[legal.kind]) and legal.seat == view.seat
        assert action_request(legal, view.version).to_dict() == {**legal.to_dict(), "expected_version": view.version}
        played = session.act(game_id, legal, view.version)
        assert played.version == view.version + 1
        again = session.act(game_id, legal, view.version)  # a retry, or a restarted bot: the stored answer
        assert again.version == played.version
        assert session.call(get_game, game_id).version == view.version + 1
        with pytest.raises(ApiError) as raised:
            session.act(game_id, view.legal_actions[1], view.version + 1)
        assert raised.value.code == "not_your_turn"


def test_the_generated_act_posts_a_legal_action_as_it_stands(api_url, two_player_game):
    game_id, (alice, _) = two_player_game
    with Session(api_url, alice.token) as session:
        view = session.call(get_view, game_id)
        played = session.call(act, game_id, body=view.legal_actions[-1])
        assert played.version == view.version + 1 and played.history[-1].kind == view.legal_actions[-1].kind


def test_429_503_and_dropped_connections_are_retried(api_url, two_player_game):
    game_id, (alice, _) = two_player_game
    with front_of(api_url) as front, Session(front.url, alice.token, min_backoff=0.05) as session:
        front.faults.extend(["429", "503", "drop"])
        started = time.monotonic()
        view = session.call(get_view, game_id)
        assert time.monotonic() - started >= 1  # the 429's Retry-After was obeyed
        assert view.version >= 1 and front.requests.count(f"GET /v1/games/{game_id}/view") == 4

        front.faults.extend(["lose_answer", "503"])
        played = session.act(game_id, view.legal_actions[0], view.version)
        assert played.version == view.version + 1
        assert session.call(get_game, game_id).version == view.version + 1


def test_a_write_without_a_key_is_given_one_so_its_retry_is_safe(api_url, new_account):
    account, _ = new_account("sess")
    with front_of(api_url) as front, Session(front.url, account.token, min_backoff=0.05) as session:
        front.faults.extend(["lose_answer"])
        game = session.call(create_game, body=CreateGameRequest(options=OptionsRequest(players=2)))
        assert front.requests == ["POST /v1/games", "POST /v1/games"]
    lobby = httpx.get(f"{api_url}/v1/games", headers={"Authorization": f"Bearer {account.token}"}).json()["items"]
    assert [listed["id"] for listed in lobby if listed["creator"] == account.name] == [game.id]


def test_retries_end_when_the_server_stays_unavailable(api_url, new_account):
    account, _ = new_account("sess")
    with front_of(api_url) as front, Session(front.url, account.token, max_tries=3, min_backoff=0.01) as session:
        front.faults.extend(["503"] * 5)
        with pytest.raises(RetriesExhausted) as raised:
            session.call(list_my_turn)
        failure = raised.value.__cause__
        assert isinstance(failure, ApiError) and failure.status == 503 and failure.code is None


def test_a_long_poll_outlasts_the_generated_clients_default_timeout(api_url, new_account):
    account, _ = new_account("sess")
    with Session(api_url, account.token) as session:
        started = time.monotonic()
        assert session.call(list_my_turn, wait=12).items == []
        assert time.monotonic() - started > 5  # the wait ends in its last half at the earliest: past the generated 5 s


def test_the_event_stream_goes_on_from_its_last_event_after_a_cut(api_url, new_account):
    (_, host_client), (guest, _) = new_account("sess"), new_account("sess")
    with front_of(api_url) as front, Session(front.url, guest.token, min_backoff=0.05) as session:
        events = session.stream_events(after=0)
        seats = [OpenSeatRequest(kind="open"), AccountSeatRequest(kind="account", account=guest.name)]
        request = CreateGameRequest(options=OptionsRequest(players=2), seats=seats)
        first = create_game.sync(client=host_client, body=request)
        second = create_game.sync(client=host_client, body=request)
        front.faults.append("cut")
        assert next(events)["type"] == "stream_started"  # the connection is cut after this line
        received = [next(events) for _ in range(3)]
        assert [(event["type"], event["id"]) for event in received] == [
            ("stream_started", 0),
            ("invited", 1),
            ("invited", 2),
        ]
        assert [event["game_id"] for event in received[1:]] == [first.id, second.id]
        events.close()


def test_the_async_session_does_the_same(api_url, two_player_game):
    game_id, (alice, bob) = two_player_game

    async def play():
        async with AsyncSession(api_url, alice.token) as session, AsyncSession(api_url, bob.token) as other:
            stream = other.stream_events()
            assert (await anext(stream))["type"] == "stream_started"
            view = await session.call(get_view, game_id)
            played = await session.act(game_id, view.legal_actions[0], view.version)
            turn = await anext(stream)
            await stream.aclose()
            with pytest.raises(ApiError) as raised:
                await session.call(get_game, 999_999_999)
            return view, played, turn, raised.value

    view, played, turn, error = asyncio.run(play())
    assert played.version == view.version + 1
    assert (turn["type"], turn["game_id"], turn["version"]) == ("your_turn", game_id, played.version)
    assert error.code == "game_not_found"
