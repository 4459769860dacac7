"""Over real HTTP (`hanabi serve`): what a link's token may read, which names an account may have,
which card numbers a note may name, and how long a body may be however it is sent."""

import socket
import uuid
from urllib.parse import urlsplit

import httpx
import pytest
from hanabi.api import MAX_BODY_BYTES


def new_account(base_url: str, prefix: str = "edge", kind: str = "human") -> tuple[str, httpx.Client]:
    name = f"{prefix}-{uuid.uuid4().hex[:10]}"
    created = httpx.post(f"{base_url}/v1/accounts", json={"name": name, "kind": kind})
    assert created.status_code == 201, created.text
    headers = {"Authorization": f"Bearer {created.json()['token']}"}
    return name, httpx.Client(base_url=f"{base_url}/v1", headers=headers, timeout=60)


def as_token(base_url: str, token: str) -> httpx.Client:
    return httpx.Client(base_url=f"{base_url}/v1", headers={"Authorization": f"Bearer {token}"}, timeout=60)


def running_game(base_url: str) -> tuple[int, httpx.Client, httpx.Client]:
    (_, alice), (_, bob) = new_account(base_url, "alice"), new_account(base_url, "bob")
    game_id = alice.post("/games", json={"options": {"players": 2}}).json()["id"]
    for player in (alice, bob):
        assert player.post(f"/games/{game_id}/join").status_code == 200
    return game_id, alice, bob


def assert_problem(response: httpx.Response, status: int, code: str) -> dict:
    assert (response.status_code, response.headers["content-type"]) == (status, "application/problem+json"), (
        response.status_code,
        response.text,
    )
    body = response.json()
    assert body["code"] == code and body["detail"], body
    return body


def padded_game_body(length: int) -> bytes:
    """A body that creates a game, `length` bytes long: the JSON, then spaces."""
    body = b'{"options": {"players": 2}}'
    return body + b" " * (length - len(body))


def chunks(body: bytes, size: int = 64 * 1024):
    """The body as an iterator: httpx sends it chunked, with no Content-Length."""
    for start in range(0, len(body), size):
        yield body[start : start + size]


def lobby_games_of(client: httpx.Client, name: str) -> int:
    games = client.get("/games", params={"status": "lobby", "limit": 100}).json()["items"]
    return sum(game["creator"] == name for game in games)


def test_a_body_over_the_limit_is_a_413_however_it_is_sent(live_server):
    name, client = new_account(live_server, "chunky")
    over = padded_game_body(MAX_BODY_BYTES + 1)
    chunked = client.post("/games", content=chunks(over), headers={"Content-Type": "application/json"})
    assert "content-length" not in chunked.request.headers
    assert_problem(chunked, 413, "payload_too_large")
    sized = client.post("/games", content=over, headers={"Content-Type": "application/json"})
    assert_problem(sized, 413, "payload_too_large")
    assert lobby_games_of(client, name) == 0, "a body over the limit made a game"

    whole = padded_game_body(MAX_BODY_BYTES)
    made = client.post("/games", content=chunks(whole), headers={"Content-Type": "application/json"})
    assert made.status_code == 201, made.text
    assert lobby_games_of(client, name) == 1


def read_response_head(sock: socket.socket) -> bytes:
    received = b""
    while b"\r\n\r\n" not in received:
        piece = sock.recv(65536)
        assert piece, f"the server closed the connection before answering: {received!r}"
        received += piece
    return received.split(b"\r\n\r\n", 1)[0]


def test_a_streamed_body_over_the_limit_closes_its_connection(live_server):
    """A client that streams a chunked body past the limit gets its 413 with `Connection: close`
    and the connection ends, rather than the server reading on for the rest of the body."""
    _, client = new_account(live_server, "streamer")
    address = urlsplit(live_server)
    piece = b" " * (64 * 1024)
    with socket.create_connection((address.hostname, address.port), timeout=30) as sock:
        sock.sendall(
            b"POST /v1/games HTTP/1.1\r\nHost: api\r\nContent-Type: application/json\r\n"
            + f"Authorization: {client.headers['Authorization']}\r\n".encode()
            + b"Transfer-Encoding: chunked\r\n\r\n"
        )
        sent = 0
        while sent <= MAX_BODY_BYTES:
            sock.sendall(b"%x\r\n%s\r\n" % (len(piece), piece))
            sent += len(piece)
        head = read_response_head(sock).decode("latin-1").lower()
        assert head.startswith("http/1.1 413"), head
        assert "connection: close" in head, head
        sock.settimeout(5)
        try:
            while sock.recv(65536):
                pass
        except ConnectionResetError:
            pass


def test_a_links_token_reads_its_game_and_not_the_account(live_server):
    game_id, alice, _ = running_game(live_server)
    link = alice.post(f"/games/{game_id}/watch-links").json()
    link_holder = as_token(live_server, link["token"])
    assert link_holder.get(f"/games/{game_id}/view").json()["seat"] == 0
    assert link_holder.get("/tokens/current").json()["game_id"] == game_id
    assert_problem(link_holder.get("/accounts/me"), 403, "token_limited_to_game")
    assert alice.get("/accounts/me").status_code == 200


def test_a_watch_link_does_not_show_its_makers_notes(live_server):
    game_id, alice, _ = running_game(live_server)
    assert alice.put(f"/games/{game_id}/notes/0", json={"text": "I think this is red 5"}).status_code == 200
    link_holder = as_token(live_server, alice.post(f"/games/{game_id}/watch-links").json()["token"])
    problem = assert_problem(link_holder.get(f"/games/{game_id}/notes"), 403, "notes_not_shown_to_watch_links")
    assert "red 5" not in problem["detail"]
    assert alice.get(f"/games/{game_id}/notes").json()["notes"] == [{"card": 0, "text": "I think this is red 5"}]


@pytest.mark.parametrize("card", ["1000000", "-1", "50", "9" * 30])
def test_a_note_on_a_card_the_game_does_not_have_is_card_not_found(live_server, card):
    game_id, alice, _ = running_game(live_server)
    problem = assert_problem(alice.put(f"/games/{game_id}/notes/{card}", json={"text": "?"}), 404, "card_not_found")
    assert "0 to 49" in problem["detail"]


@pytest.mark.parametrize("name", [".", "..", "..."])
def test_a_name_of_only_dots_is_refused(live_server, name):
    created = httpx.post(f"{live_server}/v1/accounts", json={"name": name, "kind": "human"})
    assert "only dots" in assert_problem(created, 422, "invalid_request")["detail"]
    _, app = new_account(live_server, "dotapp", kind="app")
    assert "only dots" in assert_problem(app.post("/players", json={"user": name}), 422, "invalid_request")["detail"]


def test_a_name_with_dots_among_other_characters_is_taken(live_server):
    name = f"a..b.{uuid.uuid4().hex[:8]}"
    assert httpx.post(f"{live_server}/v1/accounts", json={"name": name, "kind": "human"}).status_code == 201
    _, app = new_account(live_server, "dotapp", kind="app")
    assert app.post("/players", json={"user": ".x."}).status_code == 201
