"""Your turn, noticed (issue 32): the tab's title and icon count the games waiting for your move,
and the browser's notification tells you of a new one while the page is in another tab."""

import json

from playwright.sync_api import expect

from .test_clues_keys_room import act, view_of
from .test_table_details import new_account, running_game

# Records each notification the page makes (the browser's own still shows it), and lets the test
# say the tab is out of sight, as when another tab is in front.
SPY = """
window.notified = [];
const RealNotification = window.Notification;
class SpyNotification extends RealNotification {
  constructor(title, options) {
    super(title, options);
    window.notified.push({ title, body: options && options.body, tag: options && options.tag });
  }
}
window.Notification = SpyNotification;
window.tabHidden = false;
Object.defineProperty(document, 'visibilityState', { get: () => (window.tabHidden ? 'hidden' : 'visible') });
Object.defineProperty(document, 'hidden', { get: () => window.tabHidden });
"""


def icon(page) -> str:
    return page.locator("link[rel='icon']").get_attribute("href")


def test_the_tab_counts_your_games_and_a_notification_says_a_new_one(person, site_url):
    (alice, alice_token), (bob, bob_token) = new_account(site_url, "nia"), new_account(site_url, "nob")
    first = running_game(site_url, [alice_token, bob_token], {"players": 2}, seed="notice")
    second = running_game(site_url, [alice_token, bob_token], {"players": 2}, seed="notice2")

    page = person("/", signed_in=(alice, alice_token), permissions=["notifications"])
    page.add_init_script(SPY)
    page.reload()
    expect(page).to_have_title("(2) Hanabi")
    two = icon(page)
    assert two.startswith("data:image/png;base64,")
    expect(page.get_by_text("Turn alerts on")).to_be_visible()

    # alice moves in both games (the page's own table for one): the count goes down to none.
    page.goto(f"{site_url}/#/game/{first}")
    page.locator(".hand[data-seat='1'] .card").first.locator(".clue-rank").click()
    expect(page).to_have_title("(1) Hanabi")
    rank = view_of(site_url, alice_token, second)["hands"][1][0]["rank"]
    act(site_url, alice_token, second, kind="rank_clue", target=1, rank=rank)
    expect(page).to_have_title("Hanabi", timeout=20_000)
    assert icon(page) != two
    assert page.evaluate("window.notified") == []

    # In another tab's shadow, bob's move makes one notification for that game, and the count.
    page.goto(f"{site_url}/#/")
    page.evaluate("window.tabHidden = true; document.dispatchEvent(new Event('visibilitychange'))")
    rank = view_of(site_url, bob_token, second)["hands"][0][0]["rank"]
    act(site_url, bob_token, second, kind="rank_clue", target=0, rank=rank)
    expect(page).to_have_title("(1) Hanabi")
    page.wait_for_function("window.notified.length > 0")
    notified = page.evaluate("window.notified")
    assert [note["title"] for note in notified] == [f"Your turn in game {second}"]
    assert bob in notified[0]["body"]
    assert page.script_errors == []


def test_turn_alerts_are_asked_for_by_a_click(person, site_url):
    name, token = new_account(site_url, "ask")
    page = person("/", signed_in=(name, token))
    page.add_init_script("""
      window.asked = 0;
      let permission = 'default';
      Object.defineProperty(Notification, 'permission', { get: () => permission });
      Notification.requestPermission = () => {
        window.asked += 1;
        permission = 'granted';
        return Promise.resolve(permission);
      };
    """)
    page.reload()
    ask = page.get_by_role("button", name="Turn alerts", exact=True)
    expect(ask).to_be_visible()
    assert page.evaluate("window.asked") == 0
    ask.click()
    expect(page.get_by_text("Turn alerts on")).to_be_visible()
    assert page.evaluate("window.asked") == 1
    assert page.script_errors == []


# Lets the test say a tab is out of sight, as when another tab is in front.
OUT_OF_SIGHT = """
window.tabHidden = false;
Object.defineProperty(document, 'visibilityState', { get: () => (window.tabHidden ? 'hidden' : 'visible') });
Object.defineProperty(document, 'hidden', { get: () => window.tabHidden });
"""


def set_in_sight(page, in_sight: bool) -> None:
    page.evaluate(f"window.tabHidden = {'false' if in_sight else 'true'}")
    page.evaluate("document.dispatchEvent(new Event('visibilitychange'))")


def test_game_tabs_out_of_sight_leave_the_browsers_connections_to_the_tab_in_sight(browser, site_url):
    """A browser opens at most 6 connections to one host for all its tabs: three game tabs each
    keeping their long polls open would hold up a chat message or a move for up to 25 s."""
    (alice, alice_token), (bob, bob_token) = new_account(site_url, "tab"), new_account(site_url, "tac")
    games = [running_game(site_url, [alice_token, bob_token], {"players": 2}, seed=f"tabs-{n}") for n in range(3)]
    for game in games:
        rank = view_of(site_url, alice_token, game)["hands"][1][0]["rank"]
        act(site_url, alice_token, game, kind="rank_clue", target=1, rank=rank)
    context = browser.new_context()
    try:
        session = json.dumps({"name": alice, "token": alice_token})
        context.add_init_script(f"localStorage.setItem('hanabi.session', {json.dumps(session)})")
        context.add_init_script(OUT_OF_SIGHT)
        tabs, errors = [], []
        for game in games:
            tab = context.new_page()
            tab.on("pageerror", lambda error: errors.append(error))
            tab.goto(f"{site_url}/#/game/{game}")
            expect(tab.locator(".turn-line .whose")).to_have_text(f"{bob}'s turn")
            expect(tab.get_by_label("Chat message")).to_be_visible()
            tabs.append(tab)
        front, *behind = tabs
        for tab in behind:
            set_in_sight(tab, False)

        front.get_by_label("Chat message").fill("hello")
        front.get_by_label("Chat message").press("Enter")
        expect(front.locator(".chat .messages li")).to_have_text([f"{alice}: hello"], timeout=8_000)

        # bob answers in a game whose tab is out of sight: it shows once the tab is in sight.
        rank = view_of(site_url, bob_token, games[1])["hands"][0][0]["rank"]
        act(site_url, bob_token, games[1], kind="rank_clue", target=0, rank=rank)
        set_in_sight(behind[0], True)
        expect(behind[0].locator(".turn-line .whose")).to_have_text("Your turn")
        expect(front).to_have_title("(1) Hanabi")  # the tab in front heard it from the tab that reads the turns
        assert errors == []
    finally:
        context.close()
