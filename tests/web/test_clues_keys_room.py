"""In Chromium: a clue that told nothing new is marked in the log, one key per clue, the chat and
the hat bot's warning in the waiting room, and 5- and 6-player tables on one screen."""

from playwright.sync_api import expect

from .conftest import SCREENSHOT_DIR, api_as
from .test_table_details import new_account, running_game


def act(site_url, token, game_id, **action) -> dict:
    with api_as(site_url, token) as client:
        answer = client.post(f"/games/{game_id}/actions", json=action)
    assert answer.status_code == 200, answer.json()
    return answer.json()


def view_of(site_url, token, game_id) -> dict:
    with api_as(site_url, token) as client:
        return client.get(f"/games/{game_id}/view").json()


def test_a_clue_that_told_nothing_new_is_marked_in_the_log(person, site_url):
    (alice, alice_token), (bob, bob_token) = new_account(site_url, "kim"), new_account(site_url, "lou")
    game_id = running_game(site_url, [alice_token, bob_token], {"players": 2}, seed="repeat")
    rank = view_of(site_url, alice_token, game_id)["hands"][1][0]["rank"]
    act(site_url, alice_token, game_id, kind="rank_clue", target=1, rank=rank)
    alice_rank = view_of(site_url, bob_token, game_id)["hands"][0][0]["rank"]
    act(site_url, bob_token, game_id, kind="rank_clue", target=0, rank=alice_rank)
    repeated = act(site_url, alice_token, game_id, kind="rank_clue", target=1, rank=rank)["history"][-1]
    assert repeated["informative"] is False

    page = person(f"/#/game/{game_id}", signed_in=(bob, bob_token))
    entries = page.locator(".log li")
    expect(entries).to_have_count(3)
    expect(entries.nth(2)).to_contain_text(f"{alice} told {bob}:")
    expect(entries.nth(2).locator(".told-nothing")).to_have_text("told nothing new")
    expect(page.locator(".log .told-nothing")).to_have_count(1)
    SCREENSHOT_DIR.mkdir(parents=True, exist_ok=True)
    page.locator(".log").screenshot(path=str(SCREENSHOT_DIR / "told-nothing.png"))
    assert page.script_errors == []


HAND_TOP = "document.querySelector('.hand.mine').getBoundingClientRect().y"


def test_one_key_per_clue_after_choosing_a_teammate_listed_in_the_help(person, site_url):
    name, token = new_account(site_url, "max")
    seats = [{"kind": "account", "account": name}] + [{"kind": "bot", "strategy": "basic"}] * 2
    game_id = running_game(site_url, [token], {"players": 3}, seats, seed="keys")
    page = person(f"/#/game/{game_id}", signed_in=(name, token))
    expect(page.locator(".turn-line .whose")).to_have_text("Your turn")

    page.keyboard.press("?")
    help_panel = page.locator(".key-help")
    expect(help_panel).to_contain_text("c, then 1–2, then a color's key or a rank")
    expect(help_panel).to_contain_text("1: basic bot 1, 2: basic bot 2")
    expect(help_panel).to_contain_text("r: red, y: yellow, g: green, b: blue, w: white")

    # c 2 then a color's initial: a color clue to the second teammate (seat 2).
    hand_top = page.evaluate(HAND_TOP)
    view = view_of(site_url, token, game_id)
    color = view["suits"][view["hands"][2][0]["suit"]]
    page.keyboard.press("c")
    page.keyboard.press("2")
    page.keyboard.press(color[0])
    expect(page.locator(".log li").first).to_contain_text(f"{name} told basic bot 2:")
    expect(page.locator(".log li").first).to_contain_text(color)
    clue = view_of(site_url, token, game_id)["history"][0]
    assert (clue["kind"], clue["target"], clue["clue_kind"], view["clue_colors"][clue["value"]]) == (
        "color_clue",
        2,
        "color",
        color,
    )

    # After both bots moved: c 1 then a digit, a rank clue to the first teammate.
    expect(page.locator(".turn-line .whose")).to_have_text("Your turn")
    rank = view_of(site_url, token, game_id)["hands"][1][0]["rank"]
    page.keyboard.press("c")
    page.keyboard.press("1")
    page.keyboard.press(str(rank))
    expect(page.locator(".log li[data-turn='3']")).to_contain_text(f"{name} told basic bot 1:")
    history = view_of(site_url, token, game_id)["history"]
    clue = next(event for event in history if event["turn"] == 3 and event["kind"] == "rank_clue")
    assert (clue["target"], clue["clue_kind"], clue["value"]) == (1, "rank", rank)
    # The table does not jump as the log grows and cards get clues.
    expect(page.locator(".turn-line .whose")).to_have_text("Your turn")
    assert page.evaluate(HAND_TOP) == hand_top
    assert page.script_errors == []


def test_the_waiting_room_has_the_chat_and_the_hat_bot_warning(person, site_url):
    (alice, alice_token), (bob, bob_token) = new_account(site_url, "ned"), new_account(site_url, "oda")
    carol, carol_token = new_account(site_url, "ria")
    seats = [{"kind": "open"}, {"kind": "bot", "strategy": "hat"}, {"kind": "open"}, {"kind": "open"}]
    with api_as(site_url, alice_token) as client:
        created = client.post(
            "/games", json={"options": {"players": 4}, "seats": seats, "start_when_full": False}
        ).json()
    assert [warning["code"] for warning in created["warnings"]] == ["team_only_bot"]
    game_id = created["id"]

    host = person(f"/#/game/{game_id}", signed_in=(alice, alice_token))
    expect(host.get_by_role("note")).to_contain_text("the hat bot")
    expect(host.get_by_label("Chat message")).to_have_count(0)  # not seated yet: no chat to read
    host.get_by_role("button", name="Sit at seat 1").click()
    expect(host.get_by_label("Chat message")).to_be_visible()

    # The guest types as a person does: keys go where the focus is. carol takes the last seat
    # meanwhile, which redraws his waiting room; his typing goes on in the chat.
    guest = person(f"/#/game/{game_id}", signed_in=(bob, bob_token))
    guest.get_by_role("button", name="Sit at seat 3").click()
    guest.get_by_label("Chat message").click()
    guest.keyboard.type("hi, ")
    with api_as(site_url, carol_token) as client:
        assert client.post(f"/games/{game_id}/join", json={"seat": 3}).status_code == 200
    expect(guest.locator(".seats li[data-seat='3']")).to_contain_text(carol)
    guest.keyboard.type("start when ready")
    guest.keyboard.press("Enter")
    expect(host.locator(".chat .messages li")).to_have_text([f"{bob}: hi, start when ready"])
    expect(guest.locator(".chat .messages li")).to_have_text([f"{bob}: hi, start when ready"])
    expect(guest.get_by_label("Chat message")).to_have_value("")
    expect(guest.get_by_label("Chat message")).to_be_focused()
    SCREENSHOT_DIR.mkdir(parents=True, exist_ok=True)
    host.screenshot(path=str(SCREENSHOT_DIR / "waiting-room.png"), full_page=True)

    # The game starts: the same chat, with what was said, is beside the log.
    host.get_by_role("button", name="Start the game").click()
    expect(host.locator(".board .chat .messages li")).to_have_text([f"{bob}: hi, start when ready"])
    assert host.script_errors == [] and guest.script_errors == []


SCROLL = "list => [list.scrollTop, list.scrollHeight - list.clientHeight]"


def settled_scroll(page, element) -> int:
    """The element's scrollTop once a wheel's scrolling has ended (two readings 100 ms apart agree)."""
    before = None
    for _ in range(50):
        now = element.evaluate(SCROLL)[0]
        if now == before:
            return now
        before = now
        page.wait_for_timeout(100)
    raise AssertionError("the scrolling did not end within 5 s")


def test_the_chat_stays_where_its_reader_left_it_when_the_waiting_room_is_redrawn(person, site_url):
    (alice, alice_token), (carol, carol_token) = new_account(site_url, "sal"), new_account(site_url, "tess")
    with api_as(site_url, alice_token) as client:
        seats = [{"kind": "open"}] * 3
        game_id = client.post("/games", json={"options": {"players": 3}, "seats": seats}).json()["id"]
        client.post(f"/games/{game_id}/join", json={"seat": 0})
        for number in range(1, 6):
            said = client.post(f"/games/{game_id}/chat", json={"text": f"line {number}: " + "more words " * 20})
            assert said.status_code == 201
    page = person(f"/#/game/{game_id}", signed_in=(alice, alice_token))
    messages = page.locator(".chat .messages")
    expect(messages.locator("li")).to_have_count(5)
    top, bottom = messages.evaluate(SCROLL)
    assert top == bottom > 0  # the latest message in sight

    # carol sits down: the room is redrawn, the latest message is still in sight.
    with api_as(site_url, carol_token) as client:
        client.post(f"/games/{game_id}/join", json={"seat": 2})
    expect(page.locator(".seats li[data-seat='2']")).to_contain_text(carol)
    assert messages.evaluate(SCROLL) == [bottom, bottom]

    # Scrolled back to read: carol leaves, the room is redrawn, the reader's place stays.
    messages.hover()
    page.mouse.wheel(0, -60)
    place = settled_scroll(page, messages)
    assert place < bottom
    with api_as(site_url, carol_token) as client:
        client.post(f"/games/{game_id}/leave")
    expect(page.locator(".seats li[data-seat='2'][data-kind='open']")).to_have_count(1)
    assert messages.evaluate(SCROLL)[0] == place
    assert page.script_errors == []


def test_a_5_and_a_6_player_table_fit_one_screen(person, site_url):
    SCREENSHOT_DIR.mkdir(parents=True, exist_ok=True)
    for players in (5, 6):
        name, token = new_account(site_url, f"p{players}")
        seats = [{"kind": "account", "account": name}] + [{"kind": "bot", "strategy": "basic"}] * (players - 1)
        game_id = running_game(site_url, [token], {"players": players}, seats, seed=f"table-{players}")
        page = person(f"/#/game/{game_id}", signed_in=(name, token), viewport={"width": 1440, "height": 900})
        expect(page.locator(".hand")).to_have_count(players)
        expect(page.locator(".turn-line .whose")).to_have_text("Your turn")
        page.mouse.move(0, 0)
        page.screenshot(path=str(SCREENSHOT_DIR / f"table-{players}.png"))
        mine = page.locator(".hand.mine").bounding_box()
        assert mine["y"] + mine["height"] <= 900, mine  # your hand is on the first screen
        assert page.evaluate("document.documentElement.scrollWidth") <= 1440

        # A round later, with clues on the table, the hand has not moved.
        top = page.evaluate(HAND_TOP)
        page.get_by_role("group", name="Clues for basic bot 1").locator("button:not([disabled])").first.click()
        expect(page.locator(".log li")).to_have_count(players)
        expect(page.locator(".turn-line .whose")).to_have_text("Your turn")
        page.mouse.move(0, 0)
        page.screenshot(path=str(SCREENSHOT_DIR / f"table-{players}-round.png"))
        assert page.evaluate(HAND_TOP) == top
        assert page.script_errors == []


def test_a_note_being_typed_survives_the_redraw_of_a_teammates_move(person, site_url):
    (alice, alice_token), (_bob, bob_token) = new_account(site_url, "pia"), new_account(site_url, "quin")
    game_id = running_game(site_url, [alice_token, bob_token], {"players": 2}, seed="drafts")
    page = person(f"/#/game/{game_id}", signed_in=(alice, alice_token))
    page.get_by_role("button", name="Note on your card 3").click()
    field = page.get_by_label("Your note on your card 3")
    expect(field).to_be_focused()
    page.keyboard.type("keep")

    rank = view_of(site_url, alice_token, game_id)["hands"][1][0]["rank"]
    act(site_url, alice_token, game_id, kind="rank_clue", target=1, rank=rank)
    rank = view_of(site_url, bob_token, game_id)["hands"][0][0]["rank"]
    act(site_url, bob_token, game_id, kind="rank_clue", target=0, rank=rank)
    expect(page.locator(".log li")).to_have_count(2)  # both moves redrew the table
    expect(field).to_have_value("keep")
    expect(field).to_be_focused()
    page.keyboard.type(" it")  # the caret is where it was
    page.keyboard.press("Enter")
    expect(page.locator(".hand.mine .card").nth(2).locator(".note-text")).to_have_text("keep it")
    with api_as(site_url, alice_token) as client:
        assert [entry["text"] for entry in client.get(f"/games/{game_id}/notes").json()["notes"]] == ["keep it"]
    assert page.script_errors == []
