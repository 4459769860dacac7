"""Hidden information over real HTTP, against `hanabi serve` (docs/security.md): nothing the API
shows about a running game names its deal, and a seat's answers do not depend on its own cards
or on the undealt ones."""

import json
import os
import re
import time
import uuid

import httpx
import pytest

from hanabi.engine import GameOptions, new_game, shuffled_deck
from hanabi.store.database import connect
from hanabi.store.games import create_game, get_game, load_game
from hanabi.store.records import SeatPlan
from tests.sdk.conftest import served

OPTIONS = GameOptions(players=2)
TIMES = {"created_at", "updated_at", "turn_started_at", "deadline", "occurred_at", "joined_at"}
"""Keys whose values are moments: they differ between any two games."""


@pytest.fixture(scope="module")
def server(create_database, tmp_path_factory):
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
        self.name, self.id = name, created.json()["id"]
        self.http = httpx.Client(
            base_url=f"{base_url}/v1", headers={"Authorization": f"Bearer {created.json()['token']}"}, timeout=30
        )

    def call(self, method: str, path: str, expect: int | None = 200, **kwargs) -> httpx.Response:
        response = self.http.request(method, path, **kwargs)
        assert expect is None or response.status_code == expect, (method, path, response.status_code, response.text)
        return response


def every_answer(account: Account, game_id: int) -> dict[str, httpx.Response]:
    """What `account` can read about game `game_id`, endpoint by endpoint (whatever the status)."""
    paths = [
        f"/games/{game_id}",
        "/games",
        "/games?status=lobby",
        "/games?status=running",
        "/me/games",
        "/me/turn",
        f"/games/{game_id}/view",
        f"/games/{game_id}/events",
        f"/games/{game_id}/replay",
        f"/games/{game_id}/export",
        f"/games/{game_id}/chat",
        f"/games/{game_id}/notes",
    ]
    return {path: account.call("GET", path, expect=None) for path in paths}


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
        if "json" in response.headers.get("content-type", ""):
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


def test_no_value_the_api_shows_about_a_running_game_deals_its_deck(server):
    base_url, database = server
    creator, alice, bob, outsider = (Account(base_url, prefix) for prefix in ("creator", "alice", "bob", "outsider"))
    seed = f"the creator's secret {uuid.uuid4().hex}"
    seats = [{"kind": "account", "account": alice.name}, {"kind": "account", "account": bob.name}]
    created = creator.call("POST", "/games", expect=201, json={"options": {"players": 2}, "seats": seats, "seed": seed})
    seeded = created.json()["id"]
    answers = [created, *every_answer(creator, seeded).values(), *every_answer(outsider, seeded).values()]
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
            answers += every_answer(account, game_id).values()
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
    deadline = time.monotonic() + 120
    while creator.call("GET", f"/games/{game_id}").json()["status"] != "finished":
        assert time.monotonic() < deadline, "the bots did not finish their game in 2 minutes"
        time.sleep(0.2)
    assert exported_deck(creator, game_id) == decks[seeded]
    assert creator.call("GET", f"/games/{game_id}").json()["seed"] == seed
    assert [tuple(card) for card in new_game(OPTIONS, seed=seed).deck] != decks[seeded]


def normalized(response: httpx.Response, game_id: int):
    """A response with the game's id and the moments taken out, to compare two games."""
    body = response.json() if "json" in response.headers.get("content-type", "") else response.text

    def clean(value):
        if isinstance(value, dict):
            summary = "options" in value and "id" in value
            if summary and value["id"] != game_id:
                return None  # another game of a list
            return {
                key: "<game>" if key == "game_id" or (key == "id" and summary) else clean(item)
                for key, item in value.items()
                if key not in TIMES | {"request_id"}
            }
        if isinstance(value, list):
            return [item for item in (clean(item) for item in value) if item is not None]
        if isinstance(value, str):
            return re.sub(rf"(?<=ame ){game_id}\b|(?<=games/){game_id}\b", "<game>", value)
        return value

    return response.status_code, response.headers.get("etag"), clean(body)


def twin_decks() -> tuple[list, list]:
    """Two decks that differ only in seat 0's hand (positions 0-4) and undealt cards: the second
    swaps seat 0's hand with the deck's last five cards, which nobody draws before the end."""
    deck = list(shuffled_deck(OPTIONS.variant_rules, "twins"))
    twin = deck[-5:] + deck[5:-5] + deck[:5]
    assert twin[:5] != deck[:5] and twin[5:45] == deck[5:45]
    return deck, twin


def started_twins(database: str, options: GameOptions, decks, alice: Account, bob: Account) -> list[int]:
    """A running game per deck, alice in seat 0 and bob in seat 1."""
    games = []
    with connect(database) as conn:
        for deck in decks:
            plan = [SeatPlan.reserved(alice.id), SeatPlan.reserved(bob.id)]
            games.append(create_game(conn, options, plan, deck=deck, creator_id=alice.id).game.id)
    for game_id in games:
        for player in (alice, bob):
            player.call("POST", f"/games/{game_id}/join")
    return games


def assert_sees_the_same(account: Account, games: list[int]) -> None:
    """Every endpoint answers `account` the same about both games (but for their ids and moments)."""
    first, second = (every_answer(account, game_id) for game_id in games)
    for path in first:
        other = path.replace(f"/{games[0]}", f"/{games[1]}")
        assert normalized(first[path], games[0]) == normalized(second[other], games[1]), path


def test_a_seat_cannot_tell_two_games_apart_that_differ_in_its_own_and_undealt_cards(server):
    base_url, database = server
    alice, bob = Account(base_url, "alice"), Account(base_url, "bob")
    games = started_twins(database, OPTIONS, twin_decks(), alice, bob)

    def alice_sees_the_same() -> None:
        assert_sees_the_same(alice, games)

    alice_sees_the_same()
    for game_id in games:  # seat 0 clues seat 1, whose cards are the same in both games
        clue = next(
            a for a in alice.call("GET", f"/games/{game_id}/view").json()["legal_actions"] if a["kind"] == "rank_clue"
        )
        alice.call("POST", f"/games/{game_id}/actions", json={k: v for k, v in clue.items() if k != "seat"})
    alice_sees_the_same()
    for game_id in games:  # seat 1 discards and draws the same card in both games
        card = bob.call("GET", f"/games/{game_id}/view").json()["hands"][1][0]["id"]
        bob.call("POST", f"/games/{game_id}/actions", json={"kind": "discard", "card": card})
    alice_sees_the_same()
    assert json.dumps(alice.call("GET", f"/games/{games[0]}/view").json()["hands"][0]).count('"suit": null') == 5


HOLE = GameOptions(players=2, variant="Throw It in a Hole (5 Suits)")


def hole_twin_decks() -> tuple[list, list]:
    """Two Throw It in a Hole decks that differ only in seat 0's oldest card (id 0) and two cards
    nobody draws during the test: red 1 there (its play scores) or red 3 (a strike)."""
    deck = list(shuffled_deck(HOLE.variant_rules, "hole twins"))

    def with_first(identity) -> list:
        swapped = list(deck)
        at = next(i for i in range(len(deck) - 1, 10, -1) if tuple(deck[i]) == identity)
        swapped[0], swapped[at] = swapped[at], swapped[0]
        return swapped

    return with_first((0, 1)), with_first((0, 3))


def test_a_seat_cannot_learn_what_it_threw_into_the_hole(server):
    base_url, database = server
    alice, bob = Account(base_url, "alice"), Account(base_url, "bob")
    games = started_twins(database, HOLE, hole_twin_decks(), alice, bob)
    for game_id in games:
        alice.call("POST", f"/games/{game_id}/actions", json={"kind": "play", "card": 0})
    with connect(database) as conn:
        truth = [(state.score, state.strikes) for _, state in (load_game(conn, game_id) for game_id in games)]
    assert truth == [(1, 0), (0, 1)]

    assert_sees_the_same(alice, games)
    for player in (alice, bob):  # bob saw the card in alice's hand, but not where it went
        seen = player.call("GET", f"/games/{games[1]}/view").json()
        play = seen["history"][-1]
        assert (play["card"], play["suit"], play["rank"], play["success"]) == (0, None, None, None)
        hidden = ("score", "max_score", "strikes", "fireworks", "next_ranks", "pace", "efficiency")
        assert [seen[key] for key in hidden] == [None] * len(hidden)
        assert seen["discards"] == []
        logged = player.call("GET", f"/games/{games[1]}/events").json()["events"][-1]
        assert (logged["type"], logged["suit"], logged["rank"], logged["success"]) == ("play", None, None, None)
        assert player.call("GET", f"/games/{games[1]}").json()["score"] is None
