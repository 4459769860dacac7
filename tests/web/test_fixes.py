"""What got in the way of people playing on the page, each checked in Chromium: the timed
display's call, a timeout's move, seat numbers, bot names, empty clues, the create form."""

import time

from playwright.sync_api import expect

from .conftest import api_as
from .test_table_details import new_account, running_game


def events_of(site_url, token, game_id) -> list[dict]:
    with api_as(site_url, token) as client:
        return client.get(f"/games/{game_id}/events?limit=500").json()["events"]


def test_a_called_suit_is_chosen_for_each_play_and_goes_back_to_no_call(person, site_url):
    name, token = new_account(site_url, "tim")
    seats = [{"kind": "account", "account": name}, {"kind": "bot", "strategy": "basic"}]
    game_id = running_game(site_url, [token], {"players": 2, "timed_display": True}, seats)
    page = person(f"/#/game/{game_id}", signed_in=(name, token))
    call = page.get_by_label("Call a suit when you play:")
    expect(call).to_have_value("")

    call.select_option("green")
    page.get_by_role("button", name="Play your card 1", exact=True).click()
    expect(page.locator(".log li").first).to_contain_text("calling green")
    expect(call).to_have_value("")
    expect(page.locator(".turn-line .whose")).to_have_text("Your turn")  # the bot has moved
    page.get_by_role("button", name="Play your card 1", exact=True).click()
    expect(page.locator(".log li[data-kind='play']")).to_have_count(2)

    plays = [event for event in events_of(site_url, token, game_id) if event["type"] == "play" and event["seat"] == 0]
    assert [play["announce"] for play in plays] == [2, None]
    assert page.script_errors == []


def test_a_move_the_server_made_on_timeout_is_marked_as_the_servers(person, site_url):
    name, token = new_account(site_url, "ted")
    seats = [{"kind": "account", "account": name}, {"kind": "bot", "strategy": "basic"}]
    with api_as(site_url, token) as creator:
        body = {
            "options": {"players": 2},
            "seats": seats,
            "seed": "timeout",
            "time_control": {"kind": "per_turn", "seconds": 2, "on_timeout": "move"},
        }
        game_id = creator.post("/games", json=body).json()["id"]
        assert creator.post(f"/games/{game_id}/join").json()["status"] == "running"
    page = person(f"/#/game/{game_id}", signed_in=(name, token))

    first = page.locator(".log li").first
    expect(first).to_have_attribute("data-by", "server_timeout")
    expect(first).to_contain_text(f"The server moved for {name}: their time ran out.")
    timed_out = next(
        event for event in events_of(site_url, token, game_id) if event["type"] not in ("seat_joined", "game_started")
    )
    assert timed_out["by"] == "server_timeout" and timed_out["seat"] == 0
    assert page.script_errors == []


def test_bots_of_one_strategy_have_names_of_their_own_in_the_hands_and_the_log(person, site_url):
    name, token = new_account(site_url, "bea")
    seats = [{"kind": "account", "account": name}] + [{"kind": "bot", "strategy": "basic"}] * 2
    game_id = running_game(site_url, [token], {"players": 3}, seats)
    page = person(f"/#/game/{game_id}", signed_in=(name, token))
    expect(page.locator(".hand h2")).to_have_text(["basic bot 1", "basic bot 2", f"{name} (you) — to move"])

    page.locator(".hand[data-seat='2'] .card").first.locator(".clue-rank").click()
    expect(page.locator(".log li").first).to_contain_text(f"{name} told basic bot 2:")
    expect(page.locator(".log li")).to_have_count(3)
    assert "basic bot 1 " in page.locator(".log li").nth(1).inner_text()
    # Both bots' moves arrived since the person's own: both stand out, the person's does not.
    expect(page.locator(".log li.since-mine")).to_have_count(2)
    expect(page.locator(".log li").first).not_to_have_class("since-mine")
    assert page.script_errors == []


def test_an_empty_clue_can_be_given_from_the_clue_bar_when_the_game_allows_it(person, site_url):
    (alice, alice_token), (bob, bob_token) = new_account(site_url, "eve"), new_account(site_url, "fox")
    game_id = running_game(site_url, [alice_token, bob_token], {"players": 2, "empty_clues": True}, seed="empty")
    with api_as(site_url, alice_token) as client:
        view = client.get(f"/games/{game_id}/view").json()
    ranks = {card["rank"] for card in view["hands"][1]}
    colors = {view["suits"][card["suit"]] for card in view["hands"][1]}
    missing = [str(rank) for rank in range(1, 6) if rank not in ranks] + [
        c for c in view["clue_colors"] if c not in colors
    ]
    said = f"a {missing[0]}" if missing[0].isdigit() else missing[0]

    page = person(f"/#/game/{game_id}", signed_in=(alice, alice_token))
    page.get_by_role("group", name=f"Clues for {bob}").get_by_role("button", name=f"Clue {missing[0]} to {bob}").click()
    expect(page.locator(".log li").first).to_have_text(f"{alice} told {bob}: no card is {said}.")

    # Off turn, nothing is clickable: the clue bar, the card corners, play and discard.
    expect(page.locator(".clue-bar button:not([disabled])")).to_have_count(0)
    expect(page.locator(".hand:not(.mine) .clue-rank:not([disabled])")).to_have_count(0)
    expect(page.locator(".hand.mine .play:not([disabled]), .hand.mine .discard:not([disabled])")).to_have_count(0)
    assert page.script_errors == []


def test_a_game_without_empty_clues_offers_only_clues_that_touch_a_card(person, site_url):
    (alice, alice_token), (bob, bob_token) = new_account(site_url, "gil"), new_account(site_url, "hal")
    game_id = running_game(site_url, [alice_token, bob_token], {"players": 2}, seed="empty")
    with api_as(site_url, alice_token) as client:
        view = client.get(f"/games/{game_id}/view").json()
    held = {card["rank"] for card in view["hands"][1]}
    page = person(f"/#/game/{game_id}", signed_in=(alice, alice_token))
    bar = page.get_by_role("group", name=f"Clues for {bob}")
    for rank in range(1, 6):
        button = bar.get_by_role("button", name=f"Clue {rank} to {bob}")
        expect(button).to_be_enabled() if rank in held else expect(button).to_be_disabled()


def test_the_create_form_counts_seats_from_1_warns_about_hat_and_starts_by_hand(person, site_url):
    name, token = new_account(site_url, "ivy")
    page = person("/", signed_in=(name, token))
    page.get_by_label("players", exact=True).fill("3")
    first = page.get_by_label("first to play")
    expect(first.locator("option")).to_have_text(["seat 1", "seat 2", "seat 3"])
    expect(page.get_by_label("start when every seat is taken")).not_to_be_checked()
    expect(page.get_by_label("Seat 2", exact=True).locator("option").nth(2)).to_have_text("basic bot")
    warning = page.get_by_role("note")
    expect(warning).to_be_hidden()
    page.get_by_label("Seat 2", exact=True).select_option("bot:hat")
    expect(warning).to_contain_text("hat bot")
    page.get_by_label("Seat 2", exact=True).select_option("bot:basic")
    expect(warning).to_be_hidden()

    first.select_option("seat 2")
    page.get_by_role("button", name="Create", exact=True).click()
    expect(page.get_by_role("heading", name="waiting for players")).to_be_visible()
    game_id = int(page.url.rsplit("/", 1)[1])
    with api_as(site_url, token) as client:
        game = client.get(f"/games/{game_id}").json()
    assert game["options"]["starting_seat"] == 1 and game["start_when_full"] is False
    expect(page.locator(".room .options")).to_contain_text("seat 2 starts")
    assert page.script_errors == []


def test_a_slow_answer_to_your_move_does_not_hide_the_teammates_move_that_came_first(person, site_url):
    (alice, alice_token), (bob, bob_token) = new_account(site_url, "uma"), new_account(site_url, "vic")
    game_id = running_game(site_url, [alice_token, bob_token], {"players": 2}, seed="slow-answer")
    page = person(f"/#/game/{game_id}", signed_in=(alice, alice_token))
    expect(page.locator(".turn-line .whose")).to_have_text("Your turn")

    # The server takes alice's clue, but its answer reaches her page only after bob has answered
    # it and the long poll has shown both moves.
    held = []
    page.route("**/v1/games/*/actions", lambda route: held.append((route, route.fetch())))
    page.get_by_role("group", name=f"Clues for {bob}").locator("button:not([disabled])").first.click()
    while not held:
        page.wait_for_timeout(50)
    with api_as(site_url, bob_token) as client:
        rank = client.get(f"/games/{game_id}/view").json()["hands"][0][0]["rank"]
        assert client.post(
            f"/games/{game_id}/actions", json={"kind": "rank_clue", "target": 0, "rank": rank}
        ).is_success
    expect(page.locator(".log li")).to_have_count(2)
    expect(page.locator(".turn-line .whose")).to_have_text("Your turn")
    route, answer = held[0]
    with page.expect_response("**/v1/games/*/actions"):
        route.fulfill(response=answer)
    page.wait_for_timeout(500)  # the answer is read and shown
    expect(page.locator(".log li")).to_have_count(2)
    expect(page.locator(".turn-line .whose")).to_have_text("Your turn")
    assert page.script_errors == []


def test_a_game_left_for_another_draws_nothing_more_and_a_move_goes_to_the_game_shown(person, site_url):
    name, token = new_account(site_url, "wes")
    seats = [{"kind": "account", "account": name}, {"kind": "bot", "strategy": "basic"}]
    left, next_game = (running_game(site_url, [token], {"players": 2}, seats, seed=f"left-{n}") for n in range(2))
    page = person(f"/#/game/{left}", signed_in=(name, token))
    page.evaluate("localStorage.setItem('hanabi.pace', '5')")
    expect(page.locator(".turn-line .whose")).to_have_text("Your turn")
    version = int(page.locator("section.game").get_attribute("data-version"))

    # The bot's answer to the clue reaches the page and waits its turn to be shown (5 s).
    def with_the_bots_move(response) -> bool:
        etag = response.headers.get("etag", '"0"').strip('"')
        return f"/v1/games/{left}/view" in response.url and int(etag) > version + 1

    with page.expect_response(with_the_bots_move) as seen:
        page.locator(".hand:not(.mine) .card").first.locator(".clue-rank").click()
    seen.value.finished()
    expect(page.locator(".log li:not(.none)").first).to_contain_text(" told ")
    shown_by = time.monotonic() + 5 + 1

    # Another game opened meanwhile stays on the screen once the bot's move was due in the first.
    page.goto(f"{site_url}/#/game/{next_game}")
    expect(page.locator("#game-title")).to_have_text(f"Game {next_game}")
    expect(page.locator(".turn-line .whose")).to_have_text("Your turn")
    page.wait_for_timeout(max(0.0, shown_by - time.monotonic()) * 1000)
    assert page.locator("#game-title").inner_text() == f"Game {next_game}"
    with page.expect_request(lambda request: request.method == "POST") as sent:
        page.locator(".hand:not(.mine) .card").first.locator(".clue-rank").click()
    assert sent.value.url.endswith(f"/v1/games/{next_game}/actions")
    expect(page.locator(".log li:not(.none)").first).to_contain_text(" told ")
    with api_as(site_url, token) as client:
        assert [client.get(f"/games/{game}").json()["turn"] for game in (left, next_game)] == [2, 2]
    assert page.script_errors == []
