"""The inbox (issue 32): the games waiting for your move first, the soonest deadline first with
the time left shown, then the seats kept for you, the games waiting for others, and your
finished games with their scores."""

from playwright.sync_api import expect

from .conftest import api_as
from .test_clues_keys_room import act, view_of
from .test_table_details import new_account, running_game


def correspondence_game(site_url, tokens, days: int, seed: str) -> int:
    time_control = {"kind": "correspondence", "days": days, "on_timeout": "move"}
    return running_game(site_url, tokens, {"players": 2}, seed=seed, time_control=time_control)


def games_in(page, section: str) -> list[int]:
    return [
        int(game)
        for game in page.locator(f".game-list.{section} li").evaluate_all("items => items.map(i => i.dataset.game)")
    ]


def test_the_inbox_puts_your_turn_first_by_time_left(person, site_url):
    (alice, alice_token), (bob, bob_token) = new_account(site_url, "inb"), new_account(site_url, "inc")
    tokens = [alice_token, bob_token]
    five, one, three = (correspondence_game(site_url, tokens, days, f"inbox-{days}") for days in (5, 1, 3))
    theirs = correspondence_game(site_url, tokens, 2, "inbox-theirs")
    rank = view_of(site_url, alice_token, theirs)["hands"][1][0]["rank"]
    act(site_url, alice_token, theirs, kind="rank_clue", target=1, rank=rank)
    ended = correspondence_game(site_url, tokens, 2, "inbox-ended")
    with api_as(site_url, alice_token) as client:
        assert client.post(f"/games/{ended}/resign").status_code == 200
    with api_as(site_url, bob_token) as client:
        body = {"options": {"players": 2}, "seats": [{"kind": "open"}, {"kind": "account", "account": alice}]}
        invited = client.post("/games", json=body).json()["id"]
        client.post(f"/games/{invited}/join", json={"seat": 0})

    page = person("/", signed_in=(alice, alice_token))
    expect(page.locator(".game-list.your-turn li")).to_have_count(3)
    assert games_in(page, "your-turn") == [one, three, five]
    times = page.locator(".game-list.your-turn .when").all_inner_texts()
    assert [text.split(" ")[:2] for text in times] == [["23", "h"], ["2", "d"], ["4", "d"]], times
    assert all(text.endswith("left") for text in times)
    assert games_in(page, "invited") == [invited]
    expect(page.locator(f".game-list.invited li[data-game='{invited}']").get_by_role("link")).to_have_text(
        "Take your seat"
    )
    assert games_in(page, "their-turn") == [theirs]
    expect(page.locator(".game-list.their-turn .when")).to_contain_text(f"{bob} to move")
    assert games_in(page, "finished-mine") == [ended]
    expect(page.locator(".game-list.finished-mine li")).to_contain_text("score 0")
    # Nothing of yours is listed again among everyone's games.
    for section in ("open", "running", "finished"):
        assert not set(games_in(page, section)) & {five, one, three, theirs, ended, invited}

    # The sections come in that order on the page.
    order = page.locator(".game-list h2").all_inner_texts()
    assert order[:5] == [
        "Waiting for you",
        "Seats kept for you",
        "Your games not started yet",
        "Waiting for others",
        "Your finished games",
    ]
    assert page.script_errors == []


def test_the_lobby_keeps_the_keyboard_focus_on_a_game_as_it_refreshes(person, site_url):
    (alice, alice_token), (_bob, bob_token) = new_account(site_url, "ind"), new_account(site_url, "ine")
    game_id = correspondence_game(site_url, [alice_token, bob_token], 2, "focus")
    page = person("/", signed_in=(alice, alice_token))
    link = page.locator(f".game-list.your-turn li[data-game='{game_id}'] a")
    expect(link).to_be_visible()
    link.focus()
    link.evaluate("a => { a.drawnBefore = true; }")

    # The lobby refreshes every 5 s: a new link, with the focus on it.
    expect(link).not_to_have_js_property("drawnBefore", True, timeout=15_000)
    expect(link).to_be_focused()
    page.keyboard.press("Enter")
    expect(page).to_have_url(f"{site_url}/#/game/{game_id}")
    assert page.script_errors == []


def test_the_lobby_moves_no_game_under_the_pointer_as_it_refreshes(person, site_url):
    (alice, alice_token), (_bob, bob_token) = new_account(site_url, "inf"), new_account(site_url, "ing")
    one, three = (correspondence_game(site_url, [alice_token, bob_token], days, f"pointer-{days}") for days in (1, 3))
    page = person("/", signed_in=(alice, alice_token))
    expect(page.locator(".game-list.your-turn li")).to_have_count(2)
    assert games_in(page, "your-turn") == [one, three]
    link = page.locator(f".game-list.your-turn li[data-game='{one}'] a")
    link.hover()
    box = link.bounding_box()
    point = [box["x"] + box["width"] / 2, box["y"] + box["height"] / 2]

    # Played on another device, the game under the pointer waits for the teammate now: the
    # lobby's next refresh reads it, and keeps the lists as they are while the pointer is there.
    rank = view_of(site_url, alice_token, one)["hands"][1][0]["rank"]
    act(site_url, alice_token, one, kind="rank_clue", target=1, rank=rank)
    page.wait_for_function(
        "one => document.querySelector('.lists').dataset.held === 'true'"
        " || !document.querySelector(`.game-list.your-turn li[data-game='${one}']`)",
        arg=one,
        timeout=15_000,
    )
    under = "([x, y]) => document.elementFromPoint(x, y)?.closest('li')?.dataset.game"
    assert page.evaluate(under, point) == str(one)
    expect(page.locator(".held-note")).to_be_visible()
    expect(page.locator(".held-note")).to_have_text(
        "The lists have changed: they are redrawn once the pointer leaves them."
    )

    # The pointer leaves the lists: they are drawn as they stand.
    page.mouse.move(5, 5)
    expect(page.locator(".game-list.your-turn li")).to_have_count(1)
    assert games_in(page, "your-turn") == [three] and games_in(page, "their-turn") == [one]
    expect(page.locator(".held-note")).to_be_hidden()
    assert page.script_errors == []
