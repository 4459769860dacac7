"""Around the table, in Chromium: watching a running game, the chat, notes on cards, the last
clue's marks, the log's turn numbers, the running numbers, keyboard play, a phone at a full table."""

from playwright.sync_api import expect

from .conftest import SCREENSHOT_DIR, api_as
from .test_table_details import PHONE, new_account, running_game


def test_a_spectator_watches_from_the_lobby_sees_every_hand_and_chats_with_the_players(person, site_url):
    (alice, alice_token), (carol, carol_token) = new_account(site_url, "ann"), new_account(site_url, "cat")
    seats = [{"kind": "account", "account": alice}, {"kind": "bot", "strategy": "basic"}]
    with api_as(site_url, alice_token) as client:
        body = {"options": {"players": 2}, "seats": seats, "spectators": True}
        watched = client.post("/games", json=body).json()["id"]
        client.post(f"/games/{watched}/join")
        closed = client.post("/games", json={"options": {"players": 2}, "seats": seats}).json()["id"]
        client.post(f"/games/{closed}/join")

    player = person(f"/#/game/{watched}", signed_in=(alice, alice_token))
    spectator = person("/", signed_in=(carol, carol_token))
    running = spectator.locator(".game-list.running")
    expect(running.locator(f"li[data-game='{closed}']")).to_be_visible()
    expect(running.locator(f"li[data-game='{closed}'] a")).to_have_count(0)
    running.locator(f"li[data-game='{watched}']").get_by_role("link", name="Watch").click()

    expect(spectator.locator("#game-title")).to_contain_text("watching")
    expect(spectator.locator(".hands .card.face")).to_have_count(10)
    expect(spectator.locator(".hands .card.back, .clue-bar, .own-actions")).to_have_count(0)
    expect(player.locator(".hand.mine .card.back")).to_have_count(5)
    alices_cards = [
        int(card) for card in player.locator(".hand.mine .card").evaluate_all("cs => cs.map(c => c.dataset.card)")
    ]
    shown = spectator.locator(".hand[data-seat='0'] .card.face").evaluate_all(
        "cs => cs.map(c => Number(c.dataset.card))"
    )
    assert shown == alices_cards

    spectator.get_by_label("Chat message").fill("good luck, both of you")
    spectator.get_by_role("button", name="Send").click()
    expect(player.locator(".chat .messages li")).to_have_text([f"{carol} (watching): good luck, both of you"])
    player.get_by_label("Chat message").fill("thanks!")
    player.get_by_label("Chat message").press("Enter")
    expect(spectator.locator(".chat .messages li").last).to_have_text(f"{alice}: thanks!")

    # The game goes on under the spectator's eyes.
    player.get_by_role("button", name="Play your card 1", exact=True).click()
    expect(spectator.locator(".log li").first).to_contain_text(f"{alice} ")
    expect(spectator.locator(".log li")).to_have_count(2)
    SCREENSHOT_DIR.mkdir(parents=True, exist_ok=True)
    spectator.mouse.move(0, 0)
    spectator.screenshot(path=str(SCREENSHOT_DIR / "spectator.png"), full_page=True)
    player.locator(".chat").screenshot(path=str(SCREENSHOT_DIR / "chat.png"))
    assert player.script_errors == [] and spectator.script_errors == []


def test_clue_marks_turn_numbers_notes_numbers_and_keyboard_play(person, site_url):
    (alice, alice_token), (bob, bob_token) = new_account(site_url, "dan"), new_account(site_url, "eli")
    game_id = running_game(site_url, [alice_token, bob_token], {"players": 2}, seed="marks")
    page = person(f"/#/game/{game_id}", signed_in=(alice, alice_token))
    bob_api = api_as(site_url, bob_token)

    # The running numbers are the server's.
    view = bob_api.get(f"/games/{game_id}/view").json()
    expect(page.locator("[data-stat='pace'] dd")).to_have_text(str(view["pace"]))
    expect(page.locator("[data-stat='max-score'] dd")).to_have_text(str(view["max_score"]))
    expect(page.locator("[data-stat='efficiency'] dd")).to_have_text("—")

    # The cards a clue touched are marked until the next move.
    color = page.locator(".hand[data-seat='1'] .card").first.get_attribute("data-suit-name")
    page.get_by_role("group", name=f"Clues for {bob}").get_by_role("button", name=f"Clue {color} to {bob}").click()
    expect(page.locator(".log li[data-kind='color_clue']")).to_have_count(1)
    touched = bob_api.get(f"/games/{game_id}/view").json()["history"][-1]["touched"]
    marked = page.locator(".hand[data-seat='1'] .card.touched")
    expect(marked).to_have_count(len(touched))
    assert sorted(int(card) for card in marked.evaluate_all("cs => cs.map(c => c.dataset.card)")) == sorted(touched)
    expect(page.locator("[data-stat='efficiency'] dd")).to_have_text(f"{len(touched):.2f}")

    # A note on one's own card is kept by the server for its author only.
    page.get_by_role("button", name="Note on your card 2").click()
    page.get_by_label("Your note on your card 2").fill("chop, maybe a 5")
    page.get_by_label("Your note on your card 2").press("Enter")
    expect(page.locator(".hand.mine .card").nth(1).locator(".note-text")).to_have_text("chop, maybe a 5")
    assert bob_api.get(f"/games/{game_id}/notes").json() == {"notes": []}
    SCREENSHOT_DIR.mkdir(parents=True, exist_ok=True)
    page.mouse.move(0, 0)
    page.screenshot(path=str(SCREENSHOT_DIR / "table-marks.png"), full_page=True)

    # bob rearranges his hand, then plays: the log numbers turns, not lines; the marks go.
    hand = [card["id"] for card in bob_api.get(f"/games/{game_id}/view").json()["hands"][1]]
    bob_api.post(f"/games/{game_id}/actions", json={"kind": "reorder", "cards": hand[::-1]})
    bob_api.post(f"/games/{game_id}/actions", json={"kind": "play", "card": hand[0]})
    expect(page.locator(".log li")).to_have_count(3)
    assert page.locator(".log li").evaluate_all("lis => lis.map(li => li.value)") == [1, 2, 2]
    expect(page.locator(".card.touched")).to_have_count(0)

    # The note is still there after a reload; the keyboard plays: ? lists the keys, d 5 discards.
    page.reload()
    expect(page.locator(".hand.mine .card").nth(1).locator(".note-text")).to_have_text("chop, maybe a 5")
    page.keyboard.press("?")
    expect(page.get_by_role("heading", name="Keyboard shortcuts")).to_be_visible()
    fifth = int(page.locator(".hand.mine .card").nth(4).get_attribute("data-card"))
    page.keyboard.press("d")
    page.keyboard.press("5")
    expect(page.locator(".log li").last).to_contain_text(f"{alice} discarded")
    last = bob_api.get(f"/games/{game_id}/view").json()["history"][-1]
    assert (last["kind"], last["card"]) == ("discard", fifth)
    bob_api.close()
    assert page.script_errors == []


def test_on_a_phone_at_a_full_table_your_hand_comes_first_and_its_buttons_are_tappable(person, site_url):
    name, token = new_account(site_url, "fin")
    seats = [{"kind": "account", "account": name}] + [{"kind": "bot", "strategy": "basic"}] * 4
    game_id = running_game(site_url, [token], {"players": 5}, seats)
    page = person(f"/#/game/{game_id}", signed_in=(name, token), **PHONE)
    mine = page.locator(".hand.mine")
    expect(mine).to_be_visible()
    assert mine.bounding_box()["y"] < 844  # it starts on the first screen
    assert mine.bounding_box()["y"] < page.locator(".hand:not(.mine)").first.bounding_box()["y"]
    for button in page.locator(".hand.mine .move button, .hand.mine .own-actions button").all():
        box = button.bounding_box()
        assert box["width"] >= 28 and box["height"] >= 28, box
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    SCREENSHOT_DIR.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SCREENSHOT_DIR / "phone-5.png"))
    assert page.script_errors == []
