"""Details of the table: a phone-sized screen, and the color clue of a rainbow card."""

import uuid

from playwright.sync_api import expect

from .conftest import SCREENSHOT_DIR, api_as

PHONE = {"viewport": {"width": 390, "height": 844}, "device_scale_factor": 2, "is_mobile": True, "has_touch": True}


def new_account(site_url: str, prefix: str) -> tuple[str, str]:
    name = f"{prefix}-{uuid.uuid4().hex[:6]}"
    with api_as(site_url) as anonymous:
        return name, anonymous.post("/accounts", json={"name": name, "kind": "human"}).json()["token"]


def running_game(
    site_url: str, tokens: list[str], options: dict, seats=None, seed: str = "web", time_control=None
) -> int:
    with api_as(site_url, tokens[0]) as creator:
        body = {"options": options, "seed": seed} | ({"seats": seats} if seats else {})
        if time_control:
            body["time_control"] = time_control
        game_id = creator.post("/games", json=body).json()["id"]
    for token in tokens:
        with api_as(site_url, token) as player:
            status = player.post(f"/games/{game_id}/join").json()["status"]
    assert status == "running"
    return game_id


def test_a_phone_shows_the_whole_table_and_plays_with_a_tap(person, site_url):
    name, token = new_account(site_url, "erin")
    seats = [{"kind": "account", "account": name}, {"kind": "bot", "strategy": "basic"}]
    game_id = running_game(site_url, [token], {"players": 2}, seats)

    page = person(f"/#/game/{game_id}", signed_in=(name, token), **PHONE)
    expect(page.locator(".turn-line .whose")).to_have_text("Your turn")
    expect(page.locator(".firework")).to_have_count(5)
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    for button in page.locator(".hand.mine .play").all() + page.locator(".hand:not(.mine) .clue-rank").all():
        box = button.bounding_box()
        assert box["x"] >= 0 and box["x"] + box["width"] <= 390, box
    SCREENSHOT_DIR.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SCREENSHOT_DIR / "phone.png"), full_page=True)

    page.get_by_role("button", name="Play your card 1", exact=True).tap()
    expect(page.locator(".log li").first).to_contain_text(f"{name} ")
    expect(page.locator(".log li").first).to_contain_text("played")
    assert page.script_errors == []


def test_the_circle_of_a_rainbow_card_asks_which_color_to_clue(person, site_url):
    (alice, alice_token), (bob, bob_token) = new_account(site_url, "fay"), new_account(site_url, "gus")
    game_id = running_game(
        site_url, [alice_token, bob_token], {"players": 2, "variant": "Rainbow (6 Suits)"}, seed="rainbow-0"
    )
    page = person(f"/#/game/{game_id}", signed_in=(alice, alice_token))
    rainbow = page.locator(".hand[data-seat='1'] .card[data-suit-name='rainbow']").first
    circle = rainbow.get_by_role("button", name=f"Choose a color clue for {bob}")

    circle.click()
    chooser = rainbow.get_by_role("group", name="Which color?")
    expect(chooser.get_by_role("button")).to_have_text(["red", "yellow", "green", "blue", "white", "Cancel"])
    expect(chooser.get_by_role("button", name="red")).to_be_focused()
    cancel = chooser.get_by_role("button", name="Cancel")
    assert cancel.evaluate("button => getComputedStyle(button).backgroundImage") == "none"
    page.keyboard.press("Escape")
    expect(chooser).to_have_count(0)
    expect(circle).to_be_focused()

    circle.click()
    chooser.get_by_role("button", name="blue").click()
    expect(page.locator(".log li").last).to_contain_text(f"{alice} told {bob}:")
    with api_as(site_url, bob_token) as client:
        clue = client.get(f"/games/{game_id}/view").json()["history"][-1]
    assert (clue["kind"], clue["clue_kind"], clue["target"]) == ("color_clue", "color", 1)
    expect(page.locator(".log li").last).to_have_text(f"{alice} told {bob}: {len(clue['touched'])} cards are blue.")
    assert page.script_errors == []
