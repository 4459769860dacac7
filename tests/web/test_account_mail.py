"""The page with mail (issue 32), against a real SMTP server started here (aiosmtpd): an email
address verified by the link its mail carries, opened in the page; a bot's move that brings one
"your turn" mail; a vacation started and ended on the account page, the inbox saying the clock
is paused meanwhile."""

import email
import email.policy
import os
import re
import threading
import time
import uuid

import pytest
from aiosmtpd.controller import Controller
from playwright.sync_api import expect

from tests.sdk.conftest import free_port, served

from .conftest import api_as, require_chromium, token_of
from .test_accounts import PASSWORD, sign_up

PUBLIC_URL = "https://hanabi.test"


class Inbox:
    """An aiosmtpd handler that keeps every mail it accepts."""

    def __init__(self):
        self.messages: list[email.message.Message] = []
        self.condition = threading.Condition()

    async def handle_DATA(self, server, session, envelope):
        with self.condition:
            self.messages.append(email.message_from_bytes(envelope.content, policy=email.policy.default))
            self.condition.notify_all()
        return "250 Message accepted for delivery"

    def to(self, address: str, subject: str = "") -> list[email.message.Message]:
        with self.condition:
            return [m for m in self.messages if m["To"] == address and m["Subject"].startswith(subject)]

    def wait_for(self, address: str, subject: str, count: int, timeout: float = 60) -> list[email.message.Message]:
        deadline = time.monotonic() + timeout
        with self.condition:
            while len(self.to(address, subject)) < count:
                remaining = deadline - time.monotonic()
                assert remaining > 0, f"{len(self.to(address, subject))} mails '{subject}' to {address}, not {count}"
                self.condition.wait(remaining)
        return self.to(address, subject)


@pytest.fixture(scope="module")
def smtp():
    inbox = Inbox()
    controller = Controller(inbox, hostname="127.0.0.1", port=free_port())
    controller.start()
    inbox.url = f"smtp://127.0.0.1:{controller.port}"
    yield inbox
    controller.stop()


@pytest.fixture(scope="module")
def site_url(create_database, tmp_path_factory, smtp) -> str:
    """This module's server mails through the test's SMTP server, "your turn" at once."""
    require_chromium()
    env = {
        **os.environ,
        "DATABASE_URL": create_database(),
        "HANABI_DATA_DIR": str(tmp_path_factory.mktemp("data")),
        "HANABI_SMTP_URL": smtp.url,
        "HANABI_PUBLIC_URL": PUBLIC_URL,
        "HANABI_TURN_EMAIL_DELAY_SECONDS": "0",
        "HANABI_DEAL_SECRET": "web tests: seeds deal the same games every run",
    }
    env.pop("CELERY_BROKER_URL", None)
    with served(env, tmp_path_factory.mktemp("serve") / "serve.log") as base_url:
        yield base_url


def link_in(message: email.message.Message, site_url: str) -> str:
    """The mail's link into the page, on this test's server."""
    body = message.get_body(preferencelist=("plain",)).get_content()
    found = re.search(re.escape(PUBLIC_URL) + r"(/\S*)", body)
    assert found, body
    return site_url + found[1]


def with_verified_email(page, site_url: str, smtp: Inbox, name: str, address: str) -> None:
    """Signs up with a password, saves `address` on the account page and follows the link of
    the mail it gets, in the page."""
    sign_up(page, name, PASSWORD)
    page.get_by_role("link", name=name).click()
    page.get_by_label("Email address").fill(address)
    page.get_by_role("button", name="Save the address").click()
    expect(page.locator(".email-status")).to_contain_text(f"A link to verify {address} was sent")
    (mail,) = smtp.wait_for(address, "Confirm your email address", 1)
    page.goto(link_in(mail, site_url))
    expect(page.locator("#problem.notice")).to_contain_text(f"{address} is verified")
    assert "verify_email" not in page.url


def test_an_email_verified_by_its_link_a_turn_mailed_and_a_vacation(person, site_url, smtp):
    name = f"mae-{uuid.uuid4().hex[:6]}"
    address = f"{name}@example.org"
    page = person("/")
    with_verified_email(page, site_url, smtp, name, address)
    page.get_by_role("link", name=name).click()
    expect(page.locator(".email-status")).to_contain_text(f"{address} is verified")

    # A correspondence game against the basic bot: the bot's answer to a move mails "your turn".
    with api_as(site_url, token_of(page)) as client:
        body = {
            "options": {"players": 2},
            "seats": [{"kind": "account", "account": name}, {"kind": "bot", "strategy": "basic"}],
            "seed": "mail",
            "time_control": {"kind": "correspondence", "days": 3, "on_timeout": "move"},
        }
        game_id = client.post("/games", json=body).json()["id"]
        assert client.post(f"/games/{game_id}/join").json()["status"] == "running"
    subject = f"Your turn in game {game_id}"
    before = len(smtp.wait_for(address, subject, 1))
    page.goto(f"{site_url}/#/game/{game_id}")
    page.locator(".hand:not(.mine) .card").first.locator(".clue-rank").click()
    expect(page.locator(".log li:not(.none)")).to_have_count(2)
    mails = smtp.wait_for(address, subject, before + 1)
    assert link_in(mails[-1], site_url) == f"{site_url}/#/game/{game_id}"
    time.sleep(2)  # time for a second "your turn" mail, which must not come
    assert len(smtp.to(address, subject)) == before + 1

    # A vacation from the account page pauses the game's clock; coming back restarts it.
    page.goto(f"{site_url}/#/account")
    page.get_by_label("Days of vacation").fill("3")
    page.get_by_role("button", name="Start the vacation").click()
    expect(page.locator(".vacation-status")).to_contain_text("On vacation")
    page.goto(f"{site_url}/#/")
    expect(page.locator(f".game-list.your-turn li[data-game='{game_id}'] .when")).to_contain_text("paused")
    page.goto(f"{site_url}/#/account")
    page.get_by_role("button", name="End the vacation now").click()
    expect(page.get_by_role("button", name="Start the vacation")).to_be_visible()
    page.goto(f"{site_url}/#/")
    when = page.locator(f".game-list.your-turn li[data-game='{game_id}'] .when")
    expect(when).to_contain_text("left")
    expect(when).not_to_contain_text("paused")
    assert page.script_errors == []


def test_a_forgotten_password_is_reset_by_the_mailed_link(person, site_url, smtp):
    name = f"fay-{uuid.uuid4().hex[:6]}"
    address = f"{name}@example.org"
    page = person("/")
    with_verified_email(page, site_url, smtp, name, address)
    page.get_by_role("button", name="Sign out", exact=True).click()
    expect(page.get_by_role("heading", name="Sign in")).to_be_visible()

    page.get_by_text("Forgot your password?").click()
    page.get_by_label("Your account's email").fill(address)
    page.get_by_role("button", name="Mail me a link").click()
    expect(page.locator(".forgot .form-done")).to_contain_text("a link is on its way")
    (reset,) = smtp.wait_for(address, "Reset your password", 1)
    page.goto(link_in(reset, site_url))
    expect(page.get_by_role("heading", name="Choose a new password")).to_be_visible()
    assert "reset_password" not in page.url
    page.get_by_label("New password", exact=True).fill("a brand new password")
    page.get_by_role("button", name="Save it and sign in").click()
    expect(page.get_by_role("heading", name="Create a game")).to_be_visible()
    expect(page.get_by_role("link", name=name)).to_be_visible()
    with api_as(site_url) as anonymous:
        assert anonymous.post("/sessions", json={"name": name, "password": PASSWORD}).status_code == 401
        assert anonymous.post("/sessions", json={"name": name, "password": "a brand new password"}).status_code == 201
    assert page.script_errors == []
