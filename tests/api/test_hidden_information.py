"""Hidden information over real HTTP, against `hanabi serve` (docs/security.md): nothing the API
shows about a running game names its deal, and a seat's answers do not depend on its own cards
or on the undealt ones."""

import http.server
import json
import os
import random
import re
import threading
import time
import uuid

import httpx
import pytest
from hanabi.engine import VARIANTS, GameOptions, full_view, new_game, shuffled_deck, view
from hanabi.store.database import connect
from hanabi.store.games import create_game, get_game, load_game
from hanabi.store.records import SeatPlan

from tests.sdk.conftest import served
from tests.waiting import until

OPTIONS = GameOptions(players=2)
TIMES = {
    "created_at",
    "updated_at",
    "turn_started_at",
    "deadline",
    "occurred_at",
    "joined_at",
    "last_attempt_at",
    "next_attempt_at",
    "expires_at",
    "delivered_at",
}
"""Keys whose values are moments: they differ between any two games."""


@pytest.fixture(scope="module")
def hanabi_serve(create_database, tmp_path_factory):
    """A real server (with its embedded worker) on a fresh database: (base URL, database URL)."""
    database = create_database()
    env = {**os.environ, "DATABASE_URL": database, "HANABI_DATA_DIR": str(tmp_path_factory.mktemp("data"))}
    for name in ("CELERY_BROKER_URL", "HANABI_DEAL_SECRET"):
        env.pop(name, None)
    with served(env, tmp_path_factory.mktemp("serve") / "serve.log") as base_url:
        yield base_url, database


class Account:
    def __init__(self, base_url: str, prefix: str):
        name = f"{prefix}-{uuid.uuid4().hex[:10]}"
        created = httpx.post(f"{base_url}/v1/accounts", json={"name": name, "kind": "human"})
        assert created.status_code == 201, created.text
        self.name, self.id, self.root = name, created.json()["id"], base_url
        self.http = httpx.Client(
            base_url=f"{base_url}/v1", headers={"Authorization": f"Bearer {created.json()['token']}"}, timeout=30
        )

    def call(self, method: str, path: str, expect: int | None = 200, **kwargs) -> httpx.Response:
        response = self.http.request(method, path, **kwargs)
        assert expect is None or response.status_code == expect, (method, path, response.status_code, response.text)
        return response


def values_in(document) -> set[str]:
    """Every string and number in a JSON document, as text."""
    if isinstance(document, dict):
        return set().union(*(values_in(value) for value in document.values())) if document else set()
    if isinstance(document, list):
        return set().union(*(values_in(value) for value in document)) if document else set()
    if isinstance(document, bool) or document is None:
        return set()
    return {str(document)}


def seed_like_values(answers: list[httpx.Response]) -> set[str]:
    """Every value an answer shows, in its body or its headers, that could be given as a seed."""
    found = set()
    for response in answers:
        content_type = response.headers.get("content-type", "")
        if content_type.startswith("application/x-ndjson"):
            for line in response.text.splitlines():
                found |= values_in(json.loads(line)) if line else set()
        elif "json" in content_type:
            found |= values_in(response.json())
        found |= {
            value.strip('"')
            for name, value in response.headers.items()
            if name.lower() not in ("date", "content-length")
        }
    return {value for value in found if 1 <= len(value) <= 200}


def deck_of(database: str, game_id: int) -> list[tuple[int, int]]:
    with connect(database) as conn:
        return [tuple(card) for card in get_game(conn, game_id).deck]


def exported_deck(account: Account, game_id: int) -> list[tuple[int, int]]:
    return [
        (card["suitIndex"], card["rank"]) for card in account.call("GET", f"/games/{game_id}/export").json()["deck"]
    ]


def the_deal_named_by(account: Account, seed: str) -> list[tuple[int, int]]:
    """The attack: a new game with `seed`, ended at once by its creator, exported."""
    game_id = account.call("POST", "/games", expect=201, json={"options": {"players": 2}, "seed": seed}).json()["id"]
    account.call("POST", f"/games/{game_id}/abort")
    return exported_deck(account, game_id)


def agreeing_positions(deck: list, other: list) -> int:
    return sum(a == b for a, b in zip(deck, other))


def test_no_value_the_api_shows_about_a_running_game_deals_its_deck(hanabi_serve):
    base_url, database = hanabi_serve
    creator, alice, bob, outsider = (Account(base_url, prefix) for prefix in ("creator", "alice", "bob", "outsider"))
    seed = f"the creator's secret {uuid.uuid4().hex}"
    seats = [{"kind": "account", "account": alice.name}, {"kind": "account", "account": bob.name}]
    created = creator.call("POST", "/games", expect=201, json={"options": {"players": 2}, "seats": seats, "seed": seed})
    seeded = created.json()["id"]
    answers = [
        created,
        *every_answer(creator, seeded, long_polls=False).values(),
        *every_answer(outsider, seeded, long_polls=False).values(),
    ]
    webhook = alice.call("POST", "/webhooks", expect=201, json={"url": "http://127.0.0.1:9/hook"})
    answers.append(webhook)
    for player in (alice, bob):
        answers.append(player.call("POST", f"/games/{seeded}/join"))
    unseeded_created = alice.call("POST", "/games", expect=201, json={"options": {"players": 2}})
    unseeded = unseeded_created.json()["id"]
    answers += [
        unseeded_created,
        alice.call("POST", f"/games/{unseeded}/join"),
        bob.call("POST", f"/games/{unseeded}/join"),
    ]
    for game_id in (seeded, unseeded):
        for account in (creator, alice, bob, outsider):
            answers += every_answer(account, game_id, long_polls=False).values()
    assert creator.call("GET", f"/games/{seeded}").json()["status"] == "running"
    answers += [alice.call("GET", "/webhooks"), alice.call("GET", f"/webhooks/{webhook.json()['id']}/deliveries")]
    assert {d["type"] for d in answers[-1].json()["items"]} >= {"game_started"}

    assert not [r.request.url for r in answers if seed in r.text], "the seed of a running game is shown"
    candidates = seed_like_values(answers)
    assert {str(seeded), alice.name, "running"} <= candidates
    decks = {game_id: deck_of(database, game_id) for game_id in (seeded, unseeded)}
    for candidate in sorted(candidates):
        copied = the_deal_named_by(outsider, candidate)
        offline = [tuple(card) for card in shuffled_deck(OPTIONS.variant_rules, candidate)]
        for deck in decks.values():
            # A random deck agrees with another in about 2 of 50 places.
            assert agreeing_positions(copied, deck) < 15, f"seed {candidate!r} deals the running game's deck"
            assert agreeing_positions(offline, deck) < 15, f"seed {candidate!r} computes the running game's deck"

    # The seed itself names the deal on this server: a game of bots played to its end with it
    # deals the same deck (which is why the seed stays hidden until the game ends).
    bots = [{"kind": "bot", "strategy": "basic"}] * 2
    replayed = creator.call("POST", "/games", expect=201, json={"options": {"players": 2}, "seats": bots, "seed": seed})
    game_id = replayed.json()["id"]
    until(
        lambda: creator.call("GET", f"/games/{game_id}").json()["status"] == "finished",
        120,
        "the bots did not finish their game",
        0.2,
    )
    assert exported_deck(creator, game_id) == decks[seeded]
    assert creator.call("GET", f"/games/{game_id}").json()["seed"] == seed
    assert [tuple(card) for card in new_game(OPTIONS, seed=seed).deck] != decks[seeded]


# ---- The two-games property: every read, every family that hides something ----------------
#
# Two games that differ only in what a seat may not know (its own cards, the undealt ones, a
# hidden play's outcome, a pointing clue's kind or value) must read the same to that seat on
# every endpoint. GAME_READS names how a seat reads each GET route of the app, and
# NO_GAME_INFORMATION the routes that cannot show anything about a game, with the reason:
# `test_every_get_route_is_read_by_the_two_games_test` fails for a route in neither.

GAME_READS = {
    "/v1/games": ["/v1/games", "/v1/games?status=running", "/v1/games?status=lobby"],
    "/v1/games/<id:game_id>": ["/v1/games/{game}"],
    "/v1/games/<id:game_id>/view": ["/v1/games/{game}/view"],
    "/v1/games/<id:game_id>/events": [
        "/v1/games/{game}/events",
        "/v1/games/{game}/events?after={before_last}&wait=5",  # a long poll, answered by the last event
        "/v1/games/{game}/events?after={before_last}&wait=1&wake=my_turn",  # or when the reader's turn comes
    ],
    "/v1/games/<id:game_id>/replay": ["/v1/games/{game}/replay"],
    "/v1/games/<id:game_id>/export": ["/v1/games/{game}/export"],
    "/v1/games/<id:game_id>/chat": ["/v1/games/{game}/chat", "/v1/games/{game}/chat?after=0&wait=5"],
    "/v1/games/<id:game_id>/notes": ["/v1/games/{game}/notes"],
    "/v1/me/games": ["/v1/me/games", "/v1/me/games?status=running"],
    "/v1/me/turn": ["/v1/me/turn", "/v1/me/turn?wait=1"],
    "/v1/me/stream": ["/v1/me/stream?after=0"],  # every event of the reader's, then whatever comes
    "/v1/webhooks": ["/v1/webhooks"],
    "/v1/webhooks/<id:webhook_id>/deliveries": ["/v1/webhooks/{webhook}/deliveries"],
    "/embed/games/<int:game_id>": ["/embed/games/{game}"],
}
"""Per GET route of the app (as Flask writes it), the requests a seat makes to read it: `{game}`
is the game's id, `{before_last}` the seq before its last event, `{webhook}` the reader's
webhook (which receives the game's deliveries). A route that streams is read for STREAM_SECONDS
when its answer is `text/event-stream`, and an `application/x-ndjson` one until it has been
silent for NDJSON_SILENCE_SECONDS (it writes what it has at once, then waits)."""

NO_GAME_INFORMATION = {
    "/v1/health": "the server's health: the same whatever any game holds",
    "/v1/ready": "whether the server can serve: the same whatever any game holds",
    "/v1/openapi.json": "the API's description, built at start-up",
    "/static/<path:filename>": "files shipped with the server",
    "/web/<path:filename>": "the web page's files, shipped with the server",
    "/": "the web page's HTML, shipped with the server",
    "/metrics": "counts of requests by operation and of actions by kind across all games, a clue as `clue` "
    "whatever its kind (hanabi.runtime.metrics.count_action), never an outcome",
    "/v1/accounts/me": "the caller's name, kind, creation time, email address and mail settings",
    "/v1/me/vacation": "whether the caller is away, and its vacation days",
    "/v1/passkeys": "the caller's passkeys: their ids, names and times",
    "/mail/unsubscribe/<string:key>": "a button that turns an account's mail off, the same page for every key",
    "/v1/accounts/<id:account_id>": "an account's name, kind and creation time",
    "/v1/tokens/current": "the token's scopes, game and expiry",
    "/v1/players": "an app's player accounts (names, creation times)",
    "/v1/players/<id:player_id>": "one of an app's player accounts",
    "/v1/arena/entry": "the caller's arena entry: what it plays and its version label",
    "/v1/arena/leaderboard": "ratings and plain figures over published deals only (every table of the deal finished)",
    "/v1/arena/entries/<id:entry_id>": "an entry's ratings over published deals and its recent games: ids and seats, "
    "their results once their deal is published",
    "/v1/arena/bots/<string(maxlength=64):name>": "a bot's rating lines over published deals",
    "/v1/arena/online": "the bots online and what they play",
    "/v1/arena/deals/<id:deal_id>": "a deal's tables and who sits where; its seed and results only once every table "
    "of the deal has finished (arena.reads.deal)",
    "/v1/arena/challenges": "the caller's challenges: who, when, their game's id and state",
    "/v1/arena/challenges/<id:challenge_id>": "one challenge: who, when, its game's id and state",
}
"""GET routes that show nothing about any game, each with the reason."""

STREAM_SECONDS = 2.0
PER_REQUEST_HEADERS = {
    "date",
    "expires",
    "x-request-id",
    "content-length",
    "ratelimit-remaining",
    "ratelimit-reset",
    "ratelimit",
}
"""Headers that differ from one request to the next (the body's length with the game's id)."""
NDJSON_SILENCE_SECONDS = 1.0
DELIVERY_PROGRESS = {"status", "attempts", "last_status_code", "last_failure"}
"""How far a webhook delivery has got: the worker's timing, not the game's."""


def test_every_get_route_is_read_by_the_two_games_test(app):
    routes = {rule.rule for rule in app.url_map.iter_rules() if "GET" in rule.methods}
    unread = sorted(routes - set(GAME_READS) - set(NO_GAME_INFORMATION))
    assert not unread, (
        f"GET {', '.join(unread)}: the two-games test (tests/api/test_hidden_information.py) does not read "
        "this route, so it cannot tell whether a seat learns through it what its variant hides. Add the "
        "route to GAME_READS with the requests a seat makes to read it (its long poll and its stream too: "
        "`{game}` is the game's id), or, if it cannot show anything about any game, to NO_GAME_INFORMATION "
        "with the reason."
    )
    gone = sorted((set(GAME_READS) | set(NO_GAME_INFORMATION)) - routes)
    assert not gone, f"GAME_READS or NO_GAME_INFORMATION names {gone}, which the app no longer serves"


class Receiver:
    """A webhook receiver on loopback: the bodies it was sent, in order."""

    def __init__(self):
        bodies = self.bodies = []

        class Handler(http.server.BaseHTTPRequestHandler):
            def do_POST(self):
                bodies.append(json.loads(self.rfile.read(int(self.headers["Content-Length"]))))
                self.send_response(204)
                self.end_headers()

            def log_message(self, *args):
                pass

        self.server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.url = f"http://127.0.0.1:{self.server.server_address[1]}/hook"
        threading.Thread(target=self.server.serve_forever, daemon=True).start()

    def close(self):
        self.server.shutdown()
        self.server.server_close()


@pytest.fixture
def receiver():
    receiver = Receiver()
    yield receiver
    receiver.close()


def read(account: Account, path: str) -> httpx.Response:
    """GET `path` as `account`; an event stream is read for STREAM_SECONDS."""
    ndjson = path.startswith("/v1/me/stream")
    timeout = httpx.Timeout(30, read=NDJSON_SILENCE_SECONDS) if ndjson else 30
    with account.http.stream("GET", account.root + path, timeout=timeout) as response:
        if ndjson and response.headers.get("content-type", "").startswith("application/x-ndjson"):
            chunks = []
            try:
                for chunk in response.iter_bytes():
                    chunks.append(chunk)
            except httpx.ReadTimeout:
                pass
            return httpx.Response(response.status_code, headers=response.headers, content=b"".join(chunks))
        if response.headers.get("content-type", "").startswith("text/event-stream"):
            chunks, until = [], time.monotonic() + STREAM_SECONDS
            try:
                for chunk in response.iter_bytes():
                    chunks.append(chunk)
                    if time.monotonic() > until:
                        break
            except httpx.ReadTimeout:
                pass
            return httpx.Response(response.status_code, headers=response.headers, content=b"".join(chunks))
        response.read()
        return response


def every_answer(
    account: Account, game_id: int, webhook: int | None = None, long_polls: bool = True
) -> dict[str, httpx.Response]:
    """What `account` can read about game `game_id`, request by request (whatever the status);
    without `long_polls`, no request that may wait."""
    version = account.call("GET", f"/games/{game_id}").json()["version"]
    values = {"game": game_id, "before_last": max(version - 1, 0), "webhook": webhook}
    return {
        template: read(account, template.format(**values))
        for reads in GAME_READS.values()
        for template in reads
        if (webhook is not None or "{webhook}" not in template) and (long_polls or "wait=" not in template)
    }


def normalized(response: httpx.Response, game_id: int):
    """A response with the game's id, the moments, other games and the ids of rows numbered
    across games (webhook deliveries, chat messages) taken out, to compare two games."""
    content_type = response.headers.get("content-type", "")
    if "json" in content_type and "ndjson" not in content_type:
        body = response.json()
    elif content_type.startswith("text/event-stream"):
        body = [json.loads(line[5:]) for line in response.text.splitlines() if line.startswith("data:")]
    elif content_type.startswith("application/x-ndjson"):
        body = [json.loads(line) for line in response.text.splitlines() if line]
    else:
        body = response.text

    def clean(value):
        if isinstance(value, dict):
            summary = "options" in value and "id" in value
            if (summary and value["id"] != game_id) or value.get("game_id", game_id) != game_id:
                return None  # an item about another game, in a list
            return {
                key: "<game>" if key == "game_id" or (key == "id" and summary) else clean(item)
                for key, item in value.items()
                if key not in TIMES | {"request_id"}
                and not (key == "id" and ("game_id" in value or "author" in value))
                and key != "message_id"
                and key != "last_id"
                and not (key in DELIVERY_PROGRESS and "attempts" in value)
            }
        if isinstance(value, list):
            return [item for item in (clean(item) for item in value) if item is not None]
        if isinstance(value, str):
            return re.sub(rf"(?<=ame ){game_id}\b|(?<=games/){game_id}\b", "<game>", value)
        return value

    headers = {
        name: clean(value) for name, value in response.headers.items() if name.lower() not in PER_REQUEST_HEADERS
    }
    return response.status_code, headers, clean(body)


class Twins:
    """Two running games that differ only in what `readers` may not know, played move by move
    alike; after each move every reader must read both the same, everywhere."""

    def __init__(self, database: str, options: GameOptions, decks, seats: list[Account], readers, receiver):
        self.seats, self.readers, self.receiver = seats, readers, receiver
        self.webhooks = {
            reader.id: reader.call("POST", "/webhooks", expect=201, json={"url": receiver.url}).json()["id"]
            for reader in readers
        }
        self.games = []
        with connect(database) as conn:
            for deck in decks:
                plan = [SeatPlan.reserved(account.id) for account in seats]
                self.games.append(create_game(conn, options, plan, deck=deck, creator_id=seats[0].id).game.id)
        for game_id in self.games:
            for account in seats:
                account.call("POST", f"/games/{game_id}/join")
            seats[0].call("POST", f"/games/{game_id}/chat", expect=201, json={"text": "good luck"})
            seats[0].call("PUT", f"/games/{game_id}/notes/0", json={"text": "chop?"})
        self.check()

    def move(self, seat: int, *actions: dict) -> None:
        """Seat `seat` makes a move in each game (one action for both, or one per game); the
        answers to it must not tell the mover apart either, when it is a reader."""
        mover = self.seats[seat]
        answers = [
            mover.call("POST", f"/games/{game_id}/actions", json=action)
            for game_id, action in zip(self.games, actions * (2 // len(actions)))
        ]
        if mover in self.readers:
            assert normalized(answers[0], self.games[0]) == normalized(answers[1], self.games[1]), "POST actions"
        self.check()

    def check(self) -> None:
        for reader in self.readers:
            webhook = self.webhooks[reader.id]
            first, second = (every_answer(reader, game_id, webhook) for game_id in self.games)
            for path in first:
                seen = [normalized(first[path], self.games[0]), normalized(second[path], self.games[1])]
                assert seen[0] == seen[1], f"{reader.name} tells the games apart by GET {path}"

    def webhook_bodies(self, reader: Account) -> list:
        """The bodies `reader`'s webhook received for each game, once every delivery was made."""
        path = f"/webhooks/{self.webhooks[reader.id]}/deliveries"

        def delivered() -> list | None:
            deliveries = reader.call("GET", path).json()["items"]
            done = all(delivery["status"] == "delivered" for delivery in deliveries)
            return deliveries if done and len(self.receiver.bodies) >= len(deliveries) else None

        deliveries = until(delivered, 60, "the webhook deliveries were not all made", 0.2)
        ours = {delivery["id"] for delivery in deliveries}
        received = sorted(self.receiver.bodies, key=lambda body: (body["version"], body["type"]))  # sent in parallel
        return [
            [
                {key: value for key, value in body.items() if key not in ("id", "game_id", "occurred_at")}
                for body in received
                if body["id"] in ours and body["game_id"] == game_id
            ]
            for game_id in self.games
        ]

    def assert_webhooks_tell_nothing(self) -> None:
        for reader in self.readers:
            first, second = self.webhook_bodies(reader)
            assert first and first == second, f"{reader.name}'s webhook bodies tell the games apart"


def accounts(base_url: str, count: int) -> list[Account]:
    return [Account(base_url, name) for name in ("alice", "bob", "cathy", "donald", "emily")[:count]]


def first_action(account: Account, game_id: int, kind: str, **fields) -> dict:
    """The first of the account's legal actions of `kind` (whose fields match `fields`), as a body."""
    legal = account.call("GET", f"/games/{game_id}/view").json()["legal_actions"]
    action = next(a for a in legal if a["kind"] == kind and all(a.get(k) == v for k, v in fields.items()))
    return {key: value for key, value in action.items() if key != "seat"}


def twin_decks() -> tuple[list, list]:
    """Two decks that differ only in seat 0's hand (positions 0-4) and undealt cards: the second
    swaps seat 0's hand with the deck's last five cards, which nobody draws before the end."""
    deck = list(shuffled_deck(OPTIONS.variant_rules, "twins"))
    twin = deck[-5:] + deck[5:-5] + deck[:5]
    assert twin[:5] != deck[:5] and twin[5:45] == deck[5:45]
    return deck, twin


def test_a_seat_cannot_tell_two_games_apart_that_differ_in_its_own_and_undealt_cards(hanabi_serve, receiver):
    base_url, database = hanabi_serve
    alice, bob = accounts(base_url, 2)
    twins = Twins(database, OPTIONS, twin_decks(), [alice, bob], [alice], receiver)
    twins.move(0, first_action(alice, twins.games[0], "rank_clue"))  # bob's cards are the same in both
    card = bob.call("GET", f"/games/{twins.games[0]}/view").json()["hands"][1][0]["id"]
    twins.move(1, {"kind": "discard", "card": card})  # the same card, and the same draw, in both
    twins.assert_webhooks_tell_nothing()
    assert json.dumps(alice.call("GET", f"/games/{twins.games[0]}/view").json()["hands"][0]).count('"suit": null') == 5


HOLE = GameOptions(players=2, variant="Throw It in a Hole (5 Suits)")


def hole_twin_decks() -> tuple[list, list]:
    """Two Throw It in a Hole decks that differ only in seat 0's oldest card (id 0) and a card
    nobody draws during the test: red 1 there (its play scores) or red 3 (a strike). Seat 1's
    oldest card (id 5) is red 2 in both: its play scores after a red 1 only."""
    for attempt in range(100):
        deck = list(shuffled_deck(HOLE.variant_rules, f"hole twins {attempt}"))
        undrawn = {tuple(card): at for at, card in enumerate(deck) if at >= 20}  # the last copy of each
        if not {(0, 1), (0, 2), (0, 3)} <= set(undrawn) or len({undrawn[(0, r)] for r in (1, 2, 3)}) < 3:
            continue
        deck[5], deck[undrawn[(0, 2)]] = deck[undrawn[(0, 2)]], deck[5]
        twins = []
        for first in ((0, 1), (0, 3)):
            twin = list(deck)
            twin[0], twin[undrawn[first]] = twin[undrawn[first]], twin[0]
            twins.append(twin)
        return twins[0], twins[1]
    raise AssertionError("no deal fits")


def test_a_seat_cannot_learn_what_went_into_the_hole(hanabi_serve, receiver):
    base_url, database = hanabi_serve
    alice, bob = accounts(base_url, 2)
    twins = Twins(database, HOLE, hole_twin_decks(), [alice, bob], [alice], receiver)
    twins.move(0, {"kind": "play", "card": 0})
    twins.move(1, {"kind": "play", "card": 5})
    with connect(database) as conn:
        truth = [(state.score, state.strikes) for _, state in (load_game(conn, game_id) for game_id in twins.games)]
    assert truth == [(2, 0), (0, 2)]
    twins.assert_webhooks_tell_nothing()
    for player in (alice, bob):  # bob saw the card in alice's hand, but not where it went
        seen = player.call("GET", f"/games/{twins.games[1]}/view").json()
        play = seen["history"][-2]
        assert (play["card"], play["suit"], play["rank"], play["success"]) == (0, None, None, None)
        hidden = ("score", "max_score", "strikes", "fireworks", "next_ranks", "pace", "efficiency")
        assert [seen[key] for key in hidden] == [None] * len(hidden)
        assert seen["discards"] == []
        logged = player.call("GET", f"/games/{twins.games[1]}/events").json()["events"][-2]
        assert (logged["type"], logged["suit"], logged["rank"], logged["success"]) == ("play", None, None, None)
        assert player.call("GET", f"/games/{twins.games[1]}").json()["score"] is None


def pointing_deal(options: GameOptions, receiver_seat: int) -> tuple[list, int]:
    """A deck of `options` whose hand of `receiver_seat` holds a card that is the hand's only
    card of its suit and of its rank, and that card's id (found by trying seeds)."""
    size = 5 if options.players <= 3 else 4
    for attempt in range(1000):
        deck = list(shuffled_deck(options.variant_rules, f"pointing {attempt}"))
        hand = deck[receiver_seat * size : (receiver_seat + 1) * size]
        for position, (suit, rank) in enumerate(hand):
            if [s for s, _ in hand].count(suit) == 1 and [r for _, r in hand].count(rank) == 1:
                return deck, receiver_seat * size + position
    raise AssertionError("no deal has such a card")


DUCK = GameOptions(players=3, variant="Duck (5 Suits)")


def test_a_duck_clue_shows_neither_its_kind_nor_its_value_to_its_receiver_or_a_third_seat(hanabi_serve, receiver):
    """One deal, two games: bob clues alice's one card by its color in the first, by its rank in
    the second. alice (who got it) and cathy (who watched) must read both games the same."""
    base_url, database = hanabi_serve
    alice, bob, cathy = accounts(base_url, 3)
    deck, card = pointing_deal(DUCK, 0)
    twins = Twins(database, DUCK, [deck, deck], [alice, bob, cathy], [alice, cathy], receiver)
    twins.move(0, first_action(alice, twins.games[0], "rank_clue", target=2))
    suit, rank = deck[card]
    twins.move(1, {"kind": "color_clue", "target": 0, "color": suit}, {"kind": "rank_clue", "target": 0, "rank": rank})
    twins.assert_webhooks_tell_nothing()
    for player in (alice, cathy):
        logged = player.call("GET", f"/games/{twins.games[0]}/events").json()["events"][-1]
        assert (logged["type"], logged["clue_kind"], logged["value"], logged["touched"]) == ("clue", None, None, [card])
    logged = bob.call("GET", f"/games/{twins.games[0]}/events").json()["events"][-1]
    assert (logged["type"], logged["clue_kind"], logged["value"]) == ("color_clue", "color", suit)


COW_AND_PIG = GameOptions(players=2, variant="Cow & Pig (5 Suits)")


def test_a_cow_and_pig_clue_shows_its_kind_not_its_value_to_its_receiver(hanabi_serve, receiver):
    """Two games that differ in one of alice's cards (and an undealt one): its suit is the only
    one of its color in her hand either way, and bob clues that color. alice must read both
    games the same: a color clue touching that card, of no value she can see."""
    base_url, database = hanabi_serve
    alice, bob = accounts(base_url, 2)
    deck, card = pointing_deal(COW_AND_PIG, 0)
    suit, rank = deck[card]
    hand_suits = {s for s, _ in deck[:5]}
    at = next(
        i for i in range(len(deck) - 1, 20, -1) if deck[i][0] not in hand_suits and tuple(deck[i]) != (suit, rank)
    )
    twin = list(deck)
    twin[card], twin[at] = deck[at], deck[card]
    twins = Twins(database, COW_AND_PIG, [deck, twin], [alice, bob], [alice], receiver)
    twins.move(0, first_action(alice, twins.games[0], "rank_clue"))
    twins.move(
        1,
        {"kind": "color_clue", "target": 0, "color": suit},
        {"kind": "color_clue", "target": 0, "color": twin[card][0]},
    )
    twins.assert_webhooks_tell_nothing()
    logged = alice.call("GET", f"/games/{twins.games[0]}/events").json()["events"][-1]
    assert (logged["type"], logged["clue_kind"], logged["value"], logged["touched"]) == (
        "color_clue",
        "color",
        None,
        [card],
    )


HIDING_RULES = {
    "throw_it_in_a_hole": test_a_seat_cannot_learn_what_went_into_the_hole,
    "cow_and_pig": test_a_cow_and_pig_clue_shows_its_kind_not_its_value_to_its_receiver,
    "duck": test_a_duck_clue_shows_neither_its_kind_nor_its_value_to_its_receiver_or_a_third_seat,
}
"""The engine's rules (`Rules` fields) that hide something from the seats while a game runs,
each with the two-games test that covers it."""


def hidden_from_seats(state, seats: int) -> set[str]:
    """The keys of the seats' views that differ from the full view, beyond each seat's own cards'
    identity (which its unseen counts include)."""
    full = full_view(state).to_dict()
    index = {(c["suit"], c["rank"]): i for i, c in enumerate(full["deck_composition"])}
    hidden = set()
    for seat in range(seats):
        seen, unseen = view(state, seat).to_dict(), list(full["unseen"])
        for card in full["hands"][seat]:
            unseen[index[card["suit"], card["rank"]]] += 1
        own_hidden = [{**card, "suit": None, "rank": None} for card in full["hands"][seat]]
        as_seen = {**full, "unseen": unseen, "hands": [*full["hands"][:seat], own_hidden, *full["hands"][seat + 1 :]]}
        hidden |= {key for key in full if key not in ("seat", "legal_actions") and seen[key] != as_seen[key]}
    return hidden


def test_every_variant_that_hides_something_has_a_two_games_test():
    """Play a few random moves in every variant whose rules no two-games test covers; a variant
    whose seats' views show less than the full view (beyond their own cards) must hide by one of
    HIDING_RULES."""
    uncovered = {}
    for name, variant in VARIANTS.items():
        if any(getattr(variant.rules, rule) for rule in HIDING_RULES):
            continue
        state = new_game(GameOptions(players=3, variant=name), seed="what is hidden")
        moves = random.Random(name)
        for _ in range(12):
            after = state.apply(moves.choice(state.legal_actions()))
            if after.is_over:
                break
            state = after
        if hidden := hidden_from_seats(state, 3):
            uncovered[name] = sorted(hidden)
    assert not uncovered, (
        f"These variants hide {uncovered} from their seats by a rule no two-games test covers: add one "
        "to tests/api/test_hidden_information.py (see the Duck and Hole tests) and its rule to HIDING_RULES."
    )
