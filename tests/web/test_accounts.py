"""Accounts people keep, in the page (issue 32): a password set at sign-up or later, sign-in by
name and password on another device (a second browser context), sign-out that keeps a password
account, sign-out everywhere, the email and notification settings; and a person with a password
playing 10 correspondence games across two devices, the inbox ordered by time left."""

import uuid

from playwright.sync_api import expect

from .conftest import api_as, token_of
from .test_inbox import games_in
from .test_table_details import new_account, running_game

PASSWORD = "a long correct horse"


def sign_up(page, name: str, password: str | None = None) -> None:
    page.get_by_label("Your name").fill(name)
    if password:
        page.get_by_label("A password (optional)").fill(password)
    page.get_by_role("button", name="Start playing").click()
    expect(page.get_by_role("heading", name="Create a game")).to_be_visible()


def sign_in(page, name: str, password: str) -> None:
    page.get_by_label("Name", exact=True).fill(name)
    page.get_by_label("Password", exact=True).fill(password)
    page.get_by_role("button", name="Sign in", exact=True).click()
    expect(page.get_by_role("heading", name="Create a game")).to_be_visible()


def status_of(site_url: str, token: str) -> int:
    with api_as(site_url, token) as client:
        return client.get("/accounts/me").status_code


def clue_in(page, site_url: str, game_id: int) -> None:
    """Opens the game from the inbox and gives a rank clue by a card's corner."""
    page.goto(f"{site_url}/#/")
    link = page.locator(f".game-list.your-turn li[data-game='{game_id}']").get_by_role("link")
    expect(link).to_have_attribute("href", f"#/game/{game_id}")
    # Once the pointer is over the lists, the lobby's refresh moves no game under it.
    link.hover()
    link.click()
    expect(page).to_have_url(f"{site_url}/#/game/{game_id}")
    expect(page.locator("#game-title")).to_have_text(f"Game {game_id}")
    expect(page.locator(".turn-line .whose")).to_have_text("Your turn")
    entries = page.locator(".log li:not(.none)").count()
    page.locator(".hand:not(.mine) .card").first.locator(".clue-rank").click()
    # The clue is logged; a bot's answer may follow it at once.
    expect(page.locator(".log li:not(.none)").nth(entries)).to_contain_text(" told ")


def test_a_person_with_a_password_plays_ten_correspondence_games_on_two_devices(person, site_url):
    name = f"cora-{uuid.uuid4().hex[:6]}"
    laptop = person("/")
    sign_up(laptop, name, PASSWORD)
    token = token_of(laptop)
    bob, bob_token = new_account(site_url, "bob")

    days = [4, 9, 2, 7, 5, 1, 10, 3, 8, 6]
    games = {}
    for index, count in enumerate(days):
        against_bot = index < 5
        seats = [{"kind": "account", "account": name}] + (
            [{"kind": "bot", "strategy": "basic"}] if against_bot else [{"kind": "account", "account": bob}]
        )
        time_control = {"kind": "correspondence", "days": count, "on_timeout": "move"}
        tokens = [token] if against_bot else [token, bob_token]
        games[count] = running_game(
            site_url, tokens, {"players": 2}, seats, seed=f"ten-{index}", time_control=time_control
        )
    bot_days = sorted(days[:5])
    bob_days = sorted(days[5:])

    # On the phone, a sign-in by name and password: every game, the soonest deadline first.
    phone = person("/")
    sign_in(phone, name, PASSWORD)
    expect(phone.locator(".game-list.your-turn li")).to_have_count(10)
    assert games_in(phone, "your-turn") == [games[count] for count in sorted(days)]
    times = phone.locator(".game-list.your-turn .when").all_inner_texts()
    assert times[0].startswith("23 h") and times[-1].startswith("9 d"), times
    expect(phone).to_have_title("(10) Hanabi")

    # A move in each game from the phone: the bot answers at once, bob does not.
    for count in sorted(days):
        clue_in(phone, site_url, games[count])
    laptop.goto(f"{site_url}/#/")
    expect(laptop.locator(".game-list.their-turn li")).to_have_count(5)
    expect(laptop.locator(".game-list.your-turn li")).to_have_count(5)
    assert games_in(laptop, "your-turn") == [games[count] for count in bot_days]
    assert games_in(laptop, "their-turn") == [games[count] for count in bob_days]
    expect(laptop.locator(".game-list.their-turn .when").first).to_contain_text(f"{bob} to move")
    expect(laptop).to_have_title("(5) Hanabi")

    # Signing out on the phone ends its token only; signing in again finds everything.
    phone_token = token_of(phone)
    phone.get_by_role("button", name="Sign out", exact=True).click()
    expect(phone.get_by_role("heading", name="Sign in")).to_be_visible()
    assert status_of(site_url, phone_token) == 401
    assert status_of(site_url, token) == 200
    sign_in(phone, name, PASSWORD)
    expect(phone.locator(".game-list.their-turn li")).to_have_count(5)
    assert games_in(phone, "your-turn") == [games[count] for count in bot_days]

    # Signing out everywhere, from the laptop's account page: both devices are signed out.
    laptop.get_by_role("link", name=name).click()
    laptop.once("dialog", lambda dialog: dialog.accept())
    laptop.get_by_role("button", name="Sign out everywhere").click()
    expect(laptop.get_by_role("heading", name="Sign in")).to_be_visible()
    expect(phone.get_by_role("heading", name="Sign in")).to_be_visible(timeout=20_000)
    assert status_of(site_url, token) == 401

    # ...and the password brings everything back.
    sign_in(laptop, name, PASSWORD)
    expect(laptop.locator(".game-list.your-turn li")).to_have_count(5)
    expect(laptop.locator(".game-list.their-turn li")).to_have_count(5)
    with api_as(site_url, token_of(laptop)) as client:
        for count in days:
            assert client.get(f"/games/{games[count]}").json()["turn"] >= 1
    assert laptop.script_errors == [] and phone.script_errors == []


def test_a_password_set_later_and_the_settings_of_the_account_page(person, site_url):
    name = f"dot-{uuid.uuid4().hex[:6]}"
    page = person("/")
    sign_up(page, name)

    # Without a password, signing out warns that only the token brings the account back.
    questions = []
    page.once("dialog", lambda dialog: (questions.append(dialog.message), dialog.dismiss()))
    page.get_by_role("button", name="Sign out", exact=True).click()
    for _ in range(100):  # the question comes after the page reads the account
        if questions:
            break
        page.wait_for_timeout(100)
    assert questions and "no password" in questions[0]
    expect(page.get_by_role("heading", name="Create a game")).to_be_visible()

    page.get_by_role("link", name=name).click()
    expect(page.get_by_role("heading", name="Set a password")).to_be_visible()
    page.get_by_label("Password", exact=True).fill("short")
    page.get_by_role("button", name="Set the password").click()
    expect(page.locator(".password-form .field-problem")).to_contain_text("8")
    page.get_by_label("Password", exact=True).fill(PASSWORD)
    page.get_by_role("button", name="Set the password").click()
    expect(page.get_by_role("heading", name="Change your password")).to_be_visible()

    # A change needs the current password: a wrong one is refused, said in the form.
    page.get_by_label("Current password").fill("not it at all")
    page.get_by_label("New password").fill(PASSWORD + "!")
    page.get_by_role("button", name="Change the password").click()
    expect(page.locator(".password-form .form-problem, .password-form .field-problem").first).to_be_visible()

    page.get_by_label("Email address").fill(f"{name}@example.org")
    page.get_by_role("button", name="Save the address").click()
    expect(page.locator(".email-status")).to_contain_text(f"A link to verify {name}@example.org was sent")
    page.get_by_label("Email me when a game waits for your move").select_option("daily")
    page.get_by_label("Email me when a game you are in ends").select_option("off")
    page.get_by_role("button", name="Save the email choices").click()
    expect(page.get_by_label("Email me when a game waits for your move")).to_have_value("daily")
    with api_as(site_url, token_of(page)) as client:
        me = client.get("/accounts/me").json()
    assert me["has_password"] is True and me["email"] == f"{name}@example.org" and me["email_verified"] is False
    assert me["notifications"]["your_turn"] == "daily" and me["notifications"]["game_over"] == "off"

    # With a password, signing out asks nothing, and the password signs in again in a new browser.
    page.get_by_role("button", name="Sign out", exact=True).click()
    expect(page.get_by_role("heading", name="Sign in")).to_be_visible()
    other = person("/")
    other.get_by_label("Name", exact=True).fill(name)
    other.get_by_label("Password", exact=True).fill("wrong password")
    other.get_by_role("button", name="Sign in", exact=True).click()
    expect(other.locator(".login .form-problem")).to_have_text("The name or the password is wrong.")
    sign_in(other, name, PASSWORD)
    assert page.script_errors == [] and other.script_errors == []
