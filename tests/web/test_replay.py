"""A hanab.live game imported through the page and stepped through turn by turn."""

import json
import uuid

from hanabi.engine.hanablive import import_game
from playwright.sync_api import expect

from .test_table import sign_in


def test_an_imported_hanablive_game_is_replayed_turn_by_turn(person, fixtures_dir):
    path = fixtures_dir / "no_variant_5p.json"
    data = json.loads(path.read_text(encoding="utf-8"))
    game = import_game(data)
    turns = game.state.turn
    page = person()
    sign_in(page, f"carol-{uuid.uuid4().hex[:6]}")

    page.locator("#import-file").set_input_files(str(path))
    page.get_by_role("button", name="Import and replay").click()
    counter = page.locator(".turn-counter")
    expect(counter).to_have_text(f"Turn 0 of {turns}")
    expect(page.locator(".hand h2")).to_contain_text(data["players"])
    expect(page.locator(".last-move")).to_have_text("The cards are dealt.")

    page.get_by_role("button", name="Next turn").click()
    expect(counter).to_have_text(f"Turn 1 of {turns}")
    expect(page.locator(".log li")).to_have_count(1)
    page.keyboard.press("ArrowRight")
    page.keyboard.press("ArrowRight")
    expect(counter).to_have_text(f"Turn 3 of {turns}")
    page.keyboard.press("ArrowLeft")
    expect(counter).to_have_text(f"Turn 2 of {turns}")

    page.get_by_role("button", name="Last turn").click()
    expect(counter).to_have_text(f"Turn {turns} of {turns}")
    expect(page.locator(".end-title")).to_contain_text(f"Score: {game.state.score}")
    fireworks = page.locator(".firework").evaluate_all("piles => piles.map(p => Number(p.dataset.rank))")
    assert fireworks == list(game.state.fireworks)
    page.get_by_role("button", name="Previous turn").click()
    expect(counter).to_have_text(f"Turn {turns - 1} of {turns}")
    expect(page.locator(".end")).to_have_count(0)
    assert page.script_errors == []


def test_a_file_that_is_not_a_game_gets_the_servers_sentence(person, fixtures_dir):
    data = json.loads((fixtures_dir / "no_variant_5p.json").read_text(encoding="utf-8"))
    data["actions"] = [{"type": 1, "target": 0}] + data["actions"]
    page = person()
    sign_in(page, f"dave-{uuid.uuid4().hex[:6]}")

    page.locator("#import-text").fill(json.dumps(data))
    page.get_by_role("button", name="Import and replay").click()
    expect(page.locator("#problem")).to_contain_text("Action 0")
    expect(page.locator(".create-game")).to_be_visible()
