"""In Chromium: a play into the hole of Throw It in a Hole, and a clue of Cow & Pig or Duck, as the
table shows them to the seats while the game runs (nothing of what the view hides)."""

import pytest
from playwright.sync_api import expect

from .conftest import SCREENSHOT_DIR
from .test_clues_keys_room import act, view_of
from .test_table_details import new_account, running_game


def test_a_play_into_the_hole_shows_that_a_card_went_in_and_nothing_of_it(person, site_url):
    (alice, alice_token), (bob, bob_token) = new_account(site_url, "ann"), new_account(site_url, "ben")
    game_id = running_game(
        site_url, [alice_token, bob_token], {"players": 2, "variant": "Throw It in a Hole (5 Suits)"}, seed="hole"
    )
    oldest = view_of(site_url, alice_token, game_id)["hands"][0][-1]["id"]
    act(site_url, alice_token, game_id, kind="play", card=oldest)

    page = person(f"/#/game/{game_id}", signed_in=(bob, bob_token))
    entry = page.locator(".log li").first
    expect(entry).to_have_text(f"{alice} threw a card into the hole.")
    expect(page.locator(".firework .rank")).to_have_text(["?"] * 5)
    expect(page.locator(".token-row.strikes .label")).to_have_text("Strikes ? / 3")
    expect(page.locator("[data-stat='hole'] dd")).to_have_text("1")
    expect(page.locator("[data-stat='max-score']")).to_have_count(0)
    expect(page.locator(".discards .card")).to_have_count(0)
    SCREENSHOT_DIR.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SCREENSHOT_DIR / "throw-it-in-a-hole.png"))
    assert page.script_errors == []


@pytest.mark.parametrize("variant, word", [("Cow & Pig (5 Suits)", "moo"), ("Duck (5 Suits)", "quack")])
def test_a_pointing_clue_is_a_moo_or_a_quack_to_its_receiver_and_a_color_to_its_giver(person, site_url, variant, word):
    (alice, alice_token), (bob, bob_token) = new_account(site_url, "cat"), new_account(site_url, "dan")
    game_id = running_game(site_url, [alice_token, bob_token], {"players": 2, "variant": variant}, seed="point")
    card = view_of(site_url, alice_token, game_id)["hands"][1][0]
    touched = act(site_url, alice_token, game_id, kind="color_clue", target=1, color=card["suit"])["history"][-1][
        "touched"
    ]
    count = "1 card" if len(touched) == 1 else f"{len(touched)} cards"

    receiver = person(f"/#/game/{game_id}", signed_in=(bob, bob_token))
    expect(receiver.locator(".log li").first).to_have_text(f"{alice} {word}s at {count} of {bob}'s.")
    expect(receiver.locator(".hand.mine .clued.pointed")).to_have_text([word] * len(touched))
    giver = person(f"/#/game/{game_id}", signed_in=(alice, alice_token))
    expect(giver.locator(".log li").first).to_contain_text(f"{alice} told {bob}: {count}")
    SCREENSHOT_DIR.mkdir(parents=True, exist_ok=True)
    receiver.screenshot(path=str(SCREENSHOT_DIR / f"{word}.png"))
    assert receiver.script_errors == [] and giver.script_errors == []
