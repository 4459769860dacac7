"""The table's bugs a correspondence player found (issue 32), each checked in Chromium: time
controls that start sensible and ask before a hasty one, problems said beside their field once
and in words, long names that never widen the page, clue corners disabled without a clue token,
and a phone's log, name rule, suit marks, variant search and time-out line."""

import re
import uuid

from playwright.sync_api import expect

from .conftest import SCREENSHOT_DIR, api_as
from .test_clues_keys_room import act, view_of
from .test_table_details import PHONE, new_account, running_game

LONG = 64


def long_account(site_url: str, letter: str) -> tuple[str, str]:
    """An account with the longest name allowed (64 characters, no space to break at)."""
    name = (letter * LONG)[: LONG - 6] + uuid.uuid4().hex[:6]
    with api_as(site_url) as anonymous:
        return name, anonymous.post("/accounts", json={"name": name, "kind": "human"}).json()["token"]


def test_a_time_control_starts_sensible_and_a_hasty_one_asks_first(person, site_url):
    name, token = new_account(site_url, "tc")
    page = person("/", signed_in=(name, token))
    kind = page.locator("#tc-kind")

    kind.select_option("per_turn")
    expect(page.get_by_label("seconds per turn")).to_have_value("60")
    expect(page.get_by_label("when time runs out")).to_have_value("move")
    kind.select_option("clock")
    expect(page.get_by_label("clock base (seconds)")).to_have_value("300")
    kind.select_option("correspondence")
    expect(page.get_by_label("days per turn")).to_have_value("3")
    expect(page.get_by_label("when time runs out")).to_have_value("move")

    # Under 10 s a turn the page asks; "no" creates nothing.
    kind.select_option("per_turn")
    page.get_by_label("seconds per turn").fill("5")
    questions = []

    def answer(dialog, accept):
        questions.append(dialog.message)
        dialog.accept() if accept else dialog.dismiss()

    page.once("dialog", lambda dialog: answer(dialog, False))
    page.get_by_role("button", name="Create", exact=True).click()
    page.wait_for_timeout(300)
    assert questions and "only 5 s" in questions[0]
    expect(page.get_by_role("heading", name="Create a game")).to_be_visible()
    with api_as(site_url, token) as client:
        assert client.get("/me/games").json()["items"] == []

    page.once("dialog", lambda dialog: answer(dialog, True))
    page.get_by_role("button", name="Create", exact=True).click()
    expect(page.get_by_role("heading", name="waiting for players")).to_be_visible()
    assert len(questions) == 2
    game_id = int(page.url.rsplit("/", 1)[1])
    with api_as(site_url, token) as client:
        assert client.get(f"/games/{game_id}").json()["time_control"] == {
            "kind": "per_turn",
            "seconds": 5,
            "on_timeout": "move",
        }

    # A minute a turn, the default, asks nothing.
    page.goto(site_url + "/#/")
    page.locator("#tc-kind").select_option("per_turn")
    page.once("dialog", lambda dialog: answer(dialog, True))
    page.get_by_role("button", name="Create", exact=True).click()
    expect(page.get_by_role("heading", name="waiting for players")).to_be_visible()
    assert len(questions) == 2
    assert page.script_errors == []


def in_sight(page, locator) -> bool:
    box = locator.bounding_box()
    height = page.viewport_size["height"]
    return box is not None and box["y"] >= 0 and box["y"] + box["height"] <= height


def test_problems_are_said_beside_their_field_once_in_words_on_a_phone(person, site_url):
    page = person("/", **PHONE)
    page.get_by_label("Your name").fill("§§§")
    page.get_by_role("button", name="Start playing").click()
    rule = page.locator(".signin .field-problem")
    expect(rule).to_have_text(re.compile(r"a name is 1 to 64 letters .*digits, '_', '\.' or '-'"))
    assert "Please match" not in page.locator("body").inner_text()

    name, token = new_account(site_url, "err")
    page = person("/", signed_in=(name, token), **PHONE)
    page.get_by_label("clue tokens").fill("0")
    page.get_by_label("Seat 2", exact=True).select_option("account")
    page.get_by_label("Name kept at seat 2").fill("nobody-" + uuid.uuid4().hex[:6])
    page.get_by_role("button", name="Create", exact=True).click()

    beside = page.locator(".create-game .field-problem")
    expect(beside).to_have_count(1)
    expect(beside).to_have_text("Must be from 1 to 32.")
    assert in_sight(page, beside)
    expect(page.get_by_label("clue tokens")).to_be_focused()
    expect(page.locator("#problem")).to_be_hidden()

    page.get_by_label("clue tokens").fill("8")
    page.get_by_role("button", name="Create", exact=True).click()
    expect(beside).to_have_text("No account has this name.")
    assert in_sight(page, beside)
    # The field under it is seat 2's (counted from 1, as its label says).
    row_label = beside.evaluate("note => note.closest('.seat-row').querySelector('span').textContent")
    assert row_label == "Seat 2"
    text = page.locator("body").inner_text()
    assert "options." not in text and "seats.1" not in text and "counting from" not in text
    SCREENSHOT_DIR.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SCREENSHOT_DIR / "phone-problem.png"))
    assert page.script_errors == []


def no_wider_than_the_screen(page) -> None:
    width = page.viewport_size["width"]
    assert page.evaluate("document.documentElement.scrollWidth") <= width, page.url


def overlap(a: dict, b: dict) -> bool:
    return not (
        a["x"] + a["width"] <= b["x"]
        or b["x"] + b["width"] <= a["x"]
        or a["y"] + a["height"] <= b["y"]
        or b["y"] + b["height"] <= a["y"]
    )


def test_long_names_never_widen_the_page_and_the_chat_keeps_its_send(person, site_url):
    (alice, alice_token), (_, bob_token) = long_account(site_url, "a"), long_account(site_url, "b")
    with api_as(site_url, alice_token) as client:
        body = {
            "options": {"players": 3},
            "seats": [{"kind": "open"}, {"kind": "open"}, {"kind": "bot", "strategy": "basic"}],
            "spectators": True,
            "seed": "long",
        }
        game_id = client.post("/games", json=body).json()["id"]
    for token in (alice_token, bob_token):
        with api_as(site_url, token) as client:
            status = client.post(f"/games/{game_id}/join").json()["status"]
    assert status == "running"
    with api_as(site_url, bob_token) as client:
        client.post(f"/games/{game_id}/chat", json={"text": "x" * 300})

    for viewport in ({"viewport": {"width": 1440, "height": 900}}, PHONE):
        page = person("/", signed_in=(alice, alice_token), **viewport)
        expect(page.locator(f".game-list li[data-game='{game_id}']")).to_be_visible()
        no_wider_than_the_screen(page)
        page.goto(f"{site_url}/#/game/{game_id}")
        expect(page.locator(".chat .messages li")).to_have_count(1)
        no_wider_than_the_screen(page)
        send = page.get_by_role("button", name="Send")
        send.scroll_into_view_if_needed()
        box = send.bounding_box()
        assert box["x"] >= 0 and box["x"] + box["width"] <= page.viewport_size["width"], box
        page.screenshot(path=str(SCREENSHOT_DIR / f"long-names-{page.viewport_size['width']}.png"), full_page=True)

    with api_as(site_url, alice_token) as client:
        assert client.post(f"/games/{game_id}/resign").status_code == 200
    for viewport in ({"viewport": {"width": 1440, "height": 900}}, PHONE):
        page = person(f"/#/replay/{game_id}/0", signed_in=(alice, alice_token), **viewport)
        expect(page.locator(".replay .hand")).to_have_count(3)
        no_wider_than_the_screen(page)
        log_box = page.locator(".replay .log").bounding_box()
        for heading in page.locator(".replay .hand h2").all():
            assert not overlap(heading.bounding_box(), log_box)
        page.screenshot(
            path=str(SCREENSHOT_DIR / f"long-names-replay-{page.viewport_size['width']}.png"), full_page=True
        )
        assert page.script_errors == []


def test_without_a_clue_token_the_card_corners_give_no_clue(person, site_url):
    (_, alice_token), (bob, bob_token) = new_account(site_url, "zoe"), new_account(site_url, "yan")
    game_id = running_game(site_url, [alice_token, bob_token], {"players": 2, "clue_tokens": 1}, seed="empty")
    rank = view_of(site_url, alice_token, game_id)["hands"][1][0]["rank"]
    act(site_url, alice_token, game_id, kind="rank_clue", target=1, rank=rank)

    page = person(f"/#/game/{game_id}", signed_in=(bob, bob_token))
    expect(page.locator(".turn-line .whose")).to_have_text("Your turn")
    expect(page.locator(".token-row.clues")).to_have_attribute("data-count", "0")
    expect(page.locator(".hand:not(.mine) .clue-color")).to_have_count(5)
    expect(
        page.locator(".hand:not(.mine) .clue-color:not([disabled]), .hand:not(.mine) .clue-rank:not([disabled])")
    ).to_have_count(0)
    expect(page.locator(".clue-bar button:not([disabled])")).to_have_count(0)
    expect(page.locator(".hand.mine .play:not([disabled])")).to_have_count(5)
    assert page.script_errors == []


def test_a_phone_shows_the_log_first_and_the_variant_list_is_searchable(person, site_url):
    name, token = new_account(site_url, "ph")
    seats = [{"kind": "account", "account": name}] + [{"kind": "bot", "strategy": "basic"}] * 4
    game_id = running_game(site_url, [token], {"players": 5}, seats)
    page = person(f"/#/game/{game_id}", signed_in=(name, token), **PHONE)
    expect(page.locator(".turn-line .whose")).to_have_text("Your turn")
    page.locator(".hand:not(.mine)").first.locator(".clue-rank").first.click()
    expect(page.locator(".log li").first).to_contain_text(f"{name} told")
    expect(page.locator(".log li")).to_have_count(5)  # the four bots have moved, one at a time
    log_top = page.evaluate("document.querySelector('.log').getBoundingClientRect().top")
    assert log_top < page.viewport_size["height"], log_top
    no_wider_than_the_screen(page)

    page.goto(site_url + "/#/")
    search = page.get_by_label("find a variant")
    search.fill("rainbow 6")
    variant = page.locator("#create-variant")
    names = variant.locator("option").all_inner_texts()
    assert names[0] == "Rainbow (6 Suits)" and len(names) < 2426 / 5, names
    assert all("rainbow" in n.lower() and "6" in n for n in names)
    expect(variant).to_have_value("Rainbow (6 Suits)")
    expect(page.locator("#create-variant-count")).to_contain_text(f"{len(names)} of ")
    page.get_by_role("button", name="Create", exact=True).click()
    expect(page.get_by_role("heading", name="waiting for players")).to_be_visible()
    game = int(page.url.rsplit("/", 1)[1])
    with api_as(site_url, token) as client:
        assert client.get(f"/games/{game}").json()["options"]["variant"] == "Rainbow (6 Suits)"
    assert page.script_errors == []


def test_a_replays_suit_marks_leave_the_knowledge_strip_clear(person, site_url):
    (alice, alice_token), (_, bob_token) = new_account(site_url, "sm"), new_account(site_url, "sn")
    game_id = running_game(site_url, [alice_token, bob_token], {"players": 2}, seed="marks")
    rank = view_of(site_url, alice_token, game_id)["hands"][1][0]["rank"]
    act(site_url, alice_token, game_id, kind="rank_clue", target=1, rank=rank)
    with api_as(site_url, alice_token) as client:
        assert client.post(f"/games/{game_id}/resign").status_code == 200

    page = person(f"/#/replay/{game_id}/1", signed_in=(alice, alice_token))
    cards = page.locator(".replay .card.face")
    expect(cards).to_have_count(10)
    for card in cards.all():
        mark = card.locator(".suit-mark").bounding_box()
        assert mark["width"] > 0
        for strip in card.locator(".knowledge > *").all():
            assert not overlap(mark, strip.bounding_box())
    assert page.script_errors == []


RECORD_TABLE = """
window.shown = [];
new MutationObserver(() => {
  const game = document.querySelector('.game');
  if (!game) return;
  const moves = game.querySelectorAll('.log li:not(.none)').length;
  const touched = [...game.querySelectorAll('.card.touched')]
    .map((card) => Number(card.dataset.card))
    .sort((a, b) => a - b);
  const last = window.shown[window.shown.length - 1];
  if (last && last.moves === moves && last.touched.join() === touched.join()) return;
  window.shown.push({ moves, touched, at: performance.now(), version: game.dataset.version });
}).observe(document, { childList: true, subtree: true });
"""


def test_bot_moves_are_shown_one_at_a_time_each_clue_with_its_marks(person, site_url):
    name, token = new_account(site_url, "pace")
    seats = [{"kind": "account", "account": name}] + [{"kind": "bot", "strategy": "basic"}] * 2
    game_id = running_game(site_url, [token], {"players": 3}, seats, seed="pace1")
    page = person(f"/#/game/{game_id}", signed_in=(name, token))
    page.add_init_script(RECORD_TABLE)
    page.reload()
    expect(page.locator(".turn-line .whose")).to_have_text("Your turn")
    pace = page.get_by_label("Show others' moves")
    expect(pace).to_have_value("1.5")
    pace.select_option("1")

    page.locator(".hand[data-seat='1'] .card").first.locator(".clue-rank").click()
    with api_as(site_url, token) as client:
        deadline = 30
        while deadline and len(client.get(f"/games/{game_id}/view").json()["history"]) < 3:
            page.wait_for_timeout(200)
            deadline -= 0.2
        view = client.get(f"/games/{game_id}/view").json()
    history = view["history"]
    assert [event["seat"] for event in history] == [0, 1, 2]
    expect(page.locator(f".game[data-version='{view['version']}']")).to_be_visible()
    expect(page.locator(".turn-line .whose")).to_have_text("Your turn")

    shown = [entry for entry in page.evaluate("window.shown") if entry["moves"] > 0]
    by_move = {}
    for entry in shown:
        by_move.setdefault(entry["moves"], entry)
    # Each move was the latest on the table in turn, in order, each with its clue's marks.
    assert sorted(by_move) == [1, 2, 3], shown
    assert [entry["moves"] for entry in shown] == sorted(entry["moves"] for entry in shown), shown
    for moves, entry in by_move.items():
        event = history[moves - 1]
        if event["kind"] in ("color_clue", "rank_clue"):
            assert entry["touched"] == sorted(event["touched"]), (moves, entry, event)
    assert any(event["kind"].endswith("clue") for event in history[1:])
    # ...and stayed there for the pace chosen (1 s) before the next one came.
    assert by_move[3]["at"] - by_move[2]["at"] >= 950, shown
    assert by_move[2]["at"] - by_move[1]["at"] >= 950, shown
    assert page.script_errors == []
