"""The arena end to end, in Debian's Chromium: a bot from outside (`hanabi bot`, over HTTP)
enters the arena of a real `hanabi serve` whose beat runs arena rounds, is rated beside the
built-in partners, shows on the leaderboard page with its rating chart, and accepts a
challenge a person makes in the browser."""

import os
import signal
import subprocess
import sys
import uuid

import pytest

from tests.sdk.conftest import served
from tests.waiting import until

from .conftest import api_as, require_chromium

ARENA_ENV = {
    "HANABI_ARENA": "on",
    "HANABI_ARENA_ROUND_SECONDS": "1",
    "HANABI_ARENA_TABLES_PER_DEAL": "2",
    "HANABI_ARENA_MAX_GAMES": "4",
    "HANABI_ARENA_TURN_SECONDS": "30",
    "HANABI_RATE_LIMITS": "off",
}


@pytest.fixture(scope="module")
def site_url(create_database, tmp_path_factory) -> str:
    """A real server with its embedded worker and beat, the arena on and quick."""
    require_chromium()
    env = {**os.environ, "DATABASE_URL": create_database(), "HANABI_DATA_DIR": str(tmp_path_factory.mktemp("data"))}
    env.pop("CELERY_BROKER_URL", None)
    env.update(ARENA_ENV)
    with served(env, tmp_path_factory.mktemp("serve") / "serve.log") as base_url:
        yield base_url


@pytest.fixture(scope="module")
def arena_bot(site_url, tmp_path_factory):
    """A bot account in the arena for 2 players, played by `hanabi bot --strategy basic`."""
    name = f"arena-bot-{uuid.uuid4().hex[:8]}"
    created = api_as(site_url).post("/accounts", json={"name": name, "kind": "bot"})
    token = created.json()["token"]
    entered = api_as(site_url, token).put("/arena/entry", json={"version": "v1", "player_counts": [2]})
    assert entered.status_code == 200, entered.text
    log_path = tmp_path_factory.mktemp("bot") / "bot.log"
    with open(log_path, "w") as log:
        runner = subprocess.Popen(
            [
                sys.executable,
                "-m",
                "hanabi.runtime.cli",
                "bot",
                "--url",
                site_url,
                "--token",
                token,
                "--strategy",
                "basic",
            ],
            stdout=log,
            stderr=subprocess.STDOUT,
            start_new_session=True,
        )
    try:
        yield {"name": name, "token": token, "entry": entered.json()["id"], "log": log_path}
    finally:
        runner.send_signal(signal.SIGTERM)
        try:
            runner.wait(timeout=20)
        except subprocess.TimeoutExpired:
            os.killpg(runner.pid, signal.SIGKILL)
            runner.wait()


def wait_for_rated_deals(site_url: str, entry_id: int, deals: int, timeout: float = 240) -> dict:
    client = api_as(site_url)

    def rated_profile() -> dict | None:
        profile = client.get(f"/arena/entries/{entry_id}").json()
        return profile if sum(line["rated_deals"] for line in profile["ratings"]) >= deals else None

    return until(rated_profile, timeout, f"fewer than {deals} rated deals", interval=1)


def test_a_bot_from_outside_is_rated_and_shown_with_its_chart(person, site_url, arena_bot):
    from playwright.sync_api import expect

    profile = wait_for_rated_deals(site_url, arena_bot["entry"], 3)
    assert profile["recent_games"] and profile["history"]

    page = person("/web/arena.html#/players/2")
    row = page.locator(f"#leaderboard tr[data-entry='{arena_bot['entry']}']")
    expect(row).to_contain_text(arena_bot["name"])
    expect(page.locator("#leaderboard")).to_contain_text("basic (built-in)")
    expect(page.locator("#online")).to_contain_text(arena_bot["name"])
    expect(page.locator("#families")).to_contain_text("plain suits")
    row.get_by_role("link").click()
    expect(page.locator("h1")).to_contain_text(arena_bot["name"])
    chart = page.locator("svg.chart").first
    expect(chart).to_be_visible()
    assert int(chart.get_attribute("data-points")) >= 3
    expect(page.locator("#recent-games").get_by_role("link", name="replay").first).to_be_visible()
    assert not page.script_errors


def test_a_person_challenges_the_bot_in_the_browser_and_it_accepts(person, site_url, arena_bot):
    from playwright.sync_api import expect

    name = f"challenger-{uuid.uuid4().hex[:8]}"
    token = api_as(site_url).post("/accounts", json={"name": name, "kind": "human"}).json()["token"]
    page = person(f"/web/arena.html#/entry/{arena_bot['entry']}", signed_in=(name, token))
    form = page.locator("#challenge")
    expect(form).to_be_visible()
    form.get_by_label("Players").select_option("2")
    form.get_by_role("button", name=f"Challenge {arena_bot['name']}").click()
    # The runner hears of the invitation on its stream between the turns of its arena games.
    expect(page.locator("#challenge-status")).to_have_attribute("data-status", "accepted", timeout=90_000)
    link = page.locator("#challenge-game")
    game_id = int(link.get_attribute("href").rsplit("/", 1)[1])
    game = api_as(site_url, token).get(f"/games/{game_id}").json()
    assert game["status"] == "running"
    assert {seat.get("account") for seat in game["seats"]} >= {name, arena_bot["name"]}
    assert not page.script_errors
