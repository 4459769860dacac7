"""In Chromium: Up or Down's START card and each firework's direction, and the clues a variant
allows (Odds and Evens' odd and even, mute, synesthesia, special ranks) as the only clue buttons."""

import pytest
from playwright.sync_api import expect

from .conftest import SCREENSHOT_DIR
from .test_clues_keys_room import act, view_of
from .test_table_details import new_account, running_game

RED, YELLOW, GREEN, BLUE, PURPLE = range(5)


def test_up_or_down_shows_start_cards_and_which_way_each_firework_runs(person, site_url):
    # The seed deals alice (seat 0) cards 0-4: green 1, red START, purple 3, red 3, blue 5;
    # bob cards 5-9: red 2, blue 4, red 4, yellow 2, yellow START.
    (alice, alice_token), (bob, bob_token) = new_account(site_url, "uma"), new_account(site_url, "vic")
    game_id = running_game(
        site_url, [alice_token, bob_token], {"players": 2, "variant": "Up or Down (5 Suits)"}, seed="updown-136"
    )
    hands = view_of(site_url, alice_token, game_id)["hands"]
    assert [(c["suit"], c["rank"]) for c in hands[1] if c["id"] == 9] == [(YELLOW, 7)]
    page = person(f"/#/game/{game_id}", signed_in=(alice, alice_token))

    start = page.locator(".hand[data-seat='1'] .card[data-card='9']")
    expect(start.locator(".big")).to_have_text("S")
    expect(start).to_have_attribute("title", "yellow START")
    expect(start.get_by_role("button", name=f"Note on {bob}'s yellow START")).to_have_count(1)
    start.get_by_role("button", name=f"Choose a rank clue for {bob}").click()
    expect(start.get_by_role("group", name="Which rank?").get_by_role("button")).to_have_text(
        ["1", "2", "3", "4", "5", "Cancel"]
    )
    page.keyboard.press("Escape")
    bar = page.get_by_role("group", name=f"Clues for {bob}")
    expect(bar.locator(".clue-option.rank")).to_have_text(["1", "2", "3", "4", "5"])
    expect(page.locator(".hand.mine .card").first.locator(".possible .ranks")).to_have_text("12345S")
    expect(page.locator(".firework .direction")).to_have_text(["↕"] * 5)

    act(site_url, alice_token, game_id, kind="play", card=1)
    act(site_url, bob_token, game_id, kind="rank_clue", target=0, rank=3)
    act(site_url, alice_token, game_id, kind="play", card=0)
    act(site_url, bob_token, game_id, kind="discard", card=9)
    final = act(site_url, alice_token, game_id, kind="play", card=4)
    assert final["directions"] == [None, None, "up", "down", None]
    assert final["firework_tops"] == [7, None, 1, 5, None]

    expect(page.locator(".log li")).to_have_count(5)
    fireworks = page.locator(".firework")
    expect(fireworks.locator(".rank")).to_have_text(["S", "·", "1", "5", "·"])
    expect(fireworks.locator(".direction")).to_have_text(["↕", "↕", "↑", "↓", "↕"])
    expect(fireworks.nth(RED)).to_have_attribute(
        "aria-label", "red firework: START, up or down: not chosen yet, from S · next 2/4"
    )
    expect(fireworks.nth(YELLOW).locator(".course")).to_have_text("next 1/5/S")
    expect(fireworks.nth(GREEN)).to_have_attribute("aria-label", "green firework: 1, runs up")
    expect(fireworks.nth(BLUE)).to_have_attribute("aria-label", "blue firework: 5, runs down, from 5 · next 4")
    expect(page.locator(".discard-group[data-suit-name='yellow'] .mini")).to_have_text(["S"])
    expect(page.locator(".log li").first).to_have_text(f"{alice} played red START.")
    expect(page.locator(".log li").nth(3)).to_have_text(f"{bob} discarded yellow START.")
    SCREENSHOT_DIR.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SCREENSHOT_DIR / "up-or-down.png"), full_page=True)
    assert page.script_errors == []


def test_odds_and_evens_offers_odd_and_even_rank_clues(person, site_url):
    # bob's cards 5-9: purple 4, green 4, blue 2, purple 1, blue 5.
    (alice, alice_token), (bob, bob_token) = new_account(site_url, "wes"), new_account(site_url, "xia")
    game_id = running_game(
        site_url, [alice_token, bob_token], {"players": 2, "variant": "Odds and Evens (5 Suits)"}, seed="odds-5"
    )
    page = person(f"/#/game/{game_id}", signed_in=(alice, alice_token))

    bar = page.get_by_role("group", name=f"Clues for {bob}")
    expect(bar.locator(".clue-option.rank")).to_have_text(["O", "E"])
    expect(page.locator(".firework")).to_have_count(5)
    expect(page.locator(".firework .direction")).to_have_count(0)
    expect(bar.get_by_role("button", name=f"Clue odd to {bob}")).to_be_enabled()
    expect(bar.get_by_role("button", name=f"Clue even to {bob}")).to_be_enabled()
    one = page.locator(".hand[data-seat='1'] .card[data-card='8']")
    expect(one.get_by_role("button", name=f"Clue odd to {bob}")).to_have_text("O")
    SCREENSHOT_DIR.mkdir(parents=True, exist_ok=True)
    page.locator(".hand[data-seat='1']").screenshot(path=str(SCREENSHOT_DIR / "odds-and-evens.png"))
    page.keyboard.press("?")
    expect(page.locator(".key-help")).to_contain_text("1: odd, 2: even")
    page.keyboard.press("?")

    four = page.locator(".hand[data-seat='1'] .card[data-card='5']")
    four.get_by_role("button", name=f"Choose a rank clue for {bob}").click()
    chooser = four.get_by_role("group", name="Which rank?")
    expect(chooser.get_by_role("button")).to_have_text(["odd", "even", "Cancel"])
    chooser.get_by_role("button", name="even").click()
    expect(page.locator(".log li").first).to_have_text(f"{alice} told {bob}: 3 cards are even.")
    clue = view_of(site_url, bob_token, game_id)["history"][0]
    assert (clue["clue_kind"], clue["value"], sorted(clue["touched"])) == ("rank", 2, [5, 6, 7])

    mine = person(f"/#/game/{game_id}", signed_in=(bob, bob_token))
    expect(mine.locator(".hand.mine .card[data-card='5'] .clued.rank")).to_have_text("even")
    assert page.script_errors == [] and mine.script_errors == []


@pytest.mark.parametrize(
    "variant, colors, ranks",
    [
        ("Color Mute (5 Suits)", [], ["1", "2", "3", "4", "5"]),
        ("Number Mute (5 Suits)", ["red", "yellow", "green", "blue", "purple"], []),
        ("Synesthesia (5 Suits)", ["red", "yellow", "green", "blue", "purple"], []),
        ("Deceptive-Ones (5 Suits)", ["red", "yellow", "green", "blue", "purple"], ["2", "3", "4", "5"]),
        ("Color Blind (5 Suits)", ["red", "yellow", "green", "blue", "purple"], ["1", "2", "3", "4", "5"]),
    ],
)
def test_the_clue_buttons_are_the_clues_the_variant_allows(person, site_url, variant, colors, ranks):
    (alice, alice_token), (bob, bob_token) = new_account(site_url, "yan"), new_account(site_url, "zed")
    game_id = running_game(site_url, [alice_token, bob_token], {"players": 2, "variant": variant}, seed="clues")
    view = view_of(site_url, alice_token, game_id)
    assert (view["clue_colors"], view["clue_rank_names"]) == (colors, ranks)
    page = person(f"/#/game/{game_id}", signed_in=(alice, alice_token))

    bar = page.get_by_role("group", name=f"Clues for {bob}")
    expect(bar.locator(".clue-option.color .name")).to_have_text(colors)
    expect(bar.locator(".clue-option.rank")).to_have_text(ranks)
    teammate = page.locator(".hand[data-seat='1'] .card")
    expect(teammate.locator(".clue-color")).to_have_count(5 if colors else 0)
    expect(teammate.locator(".clue-rank")).to_have_count(5 if ranks else 0)
    legal = {(a["kind"], a.get("color", a.get("rank"))) for a in view["legal_actions"] if a.get("target") == 1}
    enabled = bar.locator(".clue-option:not([disabled])")
    expect(enabled).to_have_count(len(legal))
    assert page.script_errors == []
