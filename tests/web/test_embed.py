"""The embeddable table in Chromium, inside pages of other origins: an app provisions two
players, seats them in a game and opens each one's seat through a table link in an iframe;
they play from the frames, the game ends and the frames show its replay. A site whose origin
is not in HANABI_EMBED_ORIGINS cannot frame the table."""

import os
import threading
import uuid
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

import httpx
import pytest
from playwright.sync_api import expect

from tests.sdk.conftest import free_port, served

from .conftest import require_chromium
from .test_clues_keys_room import view_of
from .test_deck_plays import run_down_the_deck


class Site:
    """Another web site (an origin of its own) that serves pages holding iframes."""

    def __init__(self):
        self.pages: dict[str, str] = {}
        pages = self.pages

        class Handler(BaseHTTPRequestHandler):
            def do_GET(self):
                body = pages.get(self.path, "").encode()
                self.send_response(200 if body else 404)
                self.send_header("Content-Type", "text/html; charset=utf-8")
                self.send_header("Content-Length", str(len(body)))
                self.end_headers()
                self.wfile.write(body)

            def log_message(self, *args):
                pass

        self.server = ThreadingHTTPServer(("127.0.0.1", free_port()), Handler)
        self.origin = f"http://127.0.0.1:{self.server.server_port}"
        threading.Thread(target=self.server.serve_forever, daemon=True).start()

    def page(self, frames: dict[str, str]) -> str:
        path = f"/{uuid.uuid4().hex}"
        iframes = "".join(
            f'<iframe id="{name}" name="{name}" src="{src}" width="600" height="500"></iframe>'
            for name, src in frames.items()
        )
        self.pages[path] = f"<!doctype html><html><head><title>An app</title></head><body>{iframes}</body></html>"
        return self.origin + path

    def close(self):
        self.server.shutdown()
        self.server.server_close()


@pytest.fixture(scope="module")
def sites():
    allowed, refused = Site(), Site()
    yield allowed, refused
    allowed.close()
    refused.close()


@pytest.fixture(scope="module")
def embed_server(create_database, tmp_path_factory, sites) -> str:
    require_chromium()
    env = {
        **os.environ,
        "DATABASE_URL": create_database(),
        "HANABI_DATA_DIR": str(tmp_path_factory.mktemp("data")),
        "HANABI_EMBED_ORIGINS": sites[0].origin,
    }
    env.pop("CELERY_BROKER_URL", None)
    with served(env, tmp_path_factory.mktemp("serve") / "serve.log") as base_url:
        yield base_url


def provisioned_game(base_url: str, options: dict | None = None) -> tuple[httpx.Client, list[dict], int]:
    """An app, two of its players seated in a running game (2 players, or `options`): (the app's
    client, players, game id)."""
    anonymous = httpx.Client(base_url=base_url + "/v1", timeout=10)
    created = anonymous.post("/accounts", json={"name": f"tables-{uuid.uuid4().hex[:8]}", "kind": "app"})
    app = httpx.Client(
        base_url=base_url + "/v1", headers={"Authorization": f"Bearer {created.json()['token']}"}, timeout=10
    )
    players = [app.post("/players", json={"user": user}).json() for user in ("alice", "bob")]
    tokens = [app.post(f"/players/{player['id']}/tokens").json()["token"] for player in players]
    clients = [
        httpx.Client(base_url=base_url + "/v1", headers={"Authorization": f"Bearer {token}"}, timeout=10)
        for token in tokens
    ]
    seats = [{"kind": "account", "account": player["name"]} for player in players]
    game_id = clients[0].post("/games", json={"options": options or {"players": 2}, "seats": seats}).json()["id"]
    for client in clients:
        assert client.post(f"/games/{game_id}/join").status_code == 200
    return app, players, game_id


def test_two_players_of_an_app_play_in_iframes_of_another_origin(browser, embed_server, sites):
    allowed, _ = sites
    app, (alice, bob), game_id = provisioned_game(embed_server)
    links = {
        player["user"]: app.post(f"/players/{player['id']}/table-links", json={"game_id": game_id}).json()["url"]
        for player in (alice, bob)
    }
    context = browser.new_context(viewport={"width": 1300, "height": 1100})
    page = context.new_page()
    page.goto(allowed.page(links))
    alice_frame, bob_frame = page.frame_locator("#alice"), page.frame_locator("#bob")
    expect(alice_frame.locator(".seat.to-move h2")).to_have_text(f"{alice['name']} (you)")
    expect(bob_frame.locator(".summary")).to_contain_text("Turn1")
    alice_frame.locator('.seat[data-seat="1"] .clues button').first.click()
    expect(bob_frame.locator(".summary")).to_contain_text("Turn2")
    expect(bob_frame.locator(".seat.to-move h2")).to_have_text(f"{bob['name']} (you)")
    expect(alice_frame.locator('.seat[data-seat="1"] .clues button')).to_have_count(0)
    bob_frame.locator('.seat[data-seat="1"] .card button', has_text="Discard").first.click()
    expect(alice_frame.locator(".summary")).to_contain_text("Turn3")

    owner = httpx.Client(
        base_url=embed_server + "/v1", headers={"Authorization": f"Bearer {links['alice'].split('#token=')[1]}"}
    )
    assert owner.post(f"/games/{game_id}/abort").status_code == 403  # the link's token cannot abort
    creator_token = app.post(f"/players/{alice['id']}/tokens", json={"scopes": ["games:write"]}).json()["token"]
    aborted = httpx.post(
        f"{embed_server}/v1/games/{game_id}/abort", headers={"Authorization": f"Bearer {creator_token}"}
    )
    assert aborted.status_code == 200, aborted.text
    expect(bob_frame.locator(".replay-controls")).to_contain_text("Replay: turn 0 of")
    bob_frame.get_by_role("button", name="Next turn").click()
    expect(bob_frame.locator(".replay-controls")).to_contain_text("Replay: turn 1 of")
    context.close()


def test_a_site_not_listed_cannot_frame_the_table(browser, embed_server, sites):
    _, refused = sites
    app, (alice, _), game_id = provisioned_game(embed_server)
    link = app.post(f"/players/{alice['id']}/table-links", json={"game_id": game_id}).json()["url"]
    context = browser.new_context()
    page = context.new_page()
    blocked = []
    page.on("console", lambda message: blocked.append(message.text) if "frame-ancestors" in message.text else None)
    page.goto(refused.page({"table": link}))
    page.wait_for_timeout(1500)
    assert page.frame_locator("#table").locator("#table").count() == 0
    assert blocked, "Chromium reports the refused frame"
    context.close()


def test_the_table_names_odd_and_even_clues_and_shows_which_way_fireworks_run_where_they_can_turn(
    browser, embed_server
):
    context = browser.new_context()
    page = context.new_page()
    for variant, clue_names, fireworks in (
        ("Odds and Evens (5 Suits)", {"odd", "even"}, ["red 0", "yellow 0", "green 0", "blue 0", "purple 0"]),
        (
            "Up or Down (5 Suits)",
            {"1", "2", "3", "4", "5"},
            ["red 0 ↕", "yellow 0 ↕", "green 0 ↕", "blue 0 ↕", "purple 0 ↕"],
        ),
    ):
        app, (alice, _), game_id = provisioned_game(embed_server, {"players": 2, "variant": variant})
        page.goto(app.post(f"/players/{alice['id']}/table-links", json={"game_id": game_id}).json()["url"])
        expect(page.locator(".fireworks li")).to_have_text(fireworks)
        colors = {"red", "yellow", "green", "blue", "purple"}
        buttons = set(page.locator('.seat[data-seat="1"] .clues button').all_text_contents())
        assert buttons - colors and buttons - colors <= clue_names, buttons
    context.close()


def test_the_table_offers_the_last_card_of_the_deck_blind_with_deck_plays(browser, embed_server):
    app, players, game_id = provisioned_game(
        embed_server, {"players": 2, "variant": "Orange (5 Suits)", "deck_plays": True}
    )
    tokens = [app.post(f"/players/{player['id']}/tokens").json()["token"] for player in players]
    mover = run_down_the_deck(embed_server, tokens, game_id)
    seat = mover["seat"]
    context = browser.new_context()
    page = context.new_page()
    page.goto(app.post(f"/players/{players[seat]['id']}/table-links", json={"game_id": game_id}).json()["url"])
    blind = page.locator(".deck-moves button")
    expect(blind).to_have_text(["Play it blind", "Discard it blind"])
    blind.filter(has_text="Discard it blind").click()
    expect(page.locator(".summary")).to_contain_text("Deck0")
    assert view_of(embed_server, tokens[seat], game_id)["deck_size"] == 0
    context.close()
