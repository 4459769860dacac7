"""Mail from the outbox to a real SMTP server (aiosmtpd, started here): links to verify an
address, "your turn", "game over", reminders before a deadline, daily digests, retries; and,
with real `hanabi worker` processes, a bot's move that sends one "your turn" mail, and a worker
killed in the middle of sending that sends the mail once, not twice."""

import asyncio
import dataclasses
import email
import email.policy
import os
import socket
import threading
import time
import uuid

import psycopg
import pytest
from aiosmtpd.controller import Controller
from hanabi.api.context import POOL_EXTENSION
from hanabi.config import load_settings
from hanabi.runtime.composition import api_app
from hanabi.worker.celery_app import create_celery
from hanabi.worker.email import send_digests, send_mail

from tests.waiting import until

from .processes import kill, start_hanabi, stop

PASSWORD = "correct horse battery"


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


class Inbox:
    """An aiosmtpd handler that keeps what it accepts. `stall_next` makes it hold the next
    message's RCPT (before any of the message is sent) until `release`; `refusals` answers the
    next RCPT to an address with the reply kept for it (by address: other tests' mail in the
    same outbox may go out first)."""

    def __init__(self):
        self.messages: list[email.message.Message] = []
        self.condition = threading.Condition()
        self.stall_next = threading.Event()
        self.stalled = threading.Event()
        self.release = threading.Event()
        self.refusals: dict[str, str] = {}

    async def handle_RCPT(self, server, session, envelope, address, rcpt_options):
        if refusal := self.refusals.pop(address, None):
            return refusal
        if self.stall_next.is_set():
            self.stall_next.clear()
            self.stalled_address = address
            self.stalled.set()
            await asyncio.get_running_loop().run_in_executor(None, self.release.wait, 60)
        envelope.rcpt_tos.append(address)
        return "250 OK"

    async def handle_DATA(self, server, session, envelope):
        message = email.message_from_bytes(envelope.content, policy=email.policy.default)
        with self.condition:
            self.messages.append(message)
            self.condition.notify_all()
        return "250 Message accepted for delivery"

    def to(self, address: str) -> list[email.message.Message]:
        with self.condition:
            return [message for message in self.messages if message["To"] == address]

    def wait_for(self, address: str, count: int, timeout: float = 60) -> list[email.message.Message]:
        deadline = time.monotonic() + timeout
        with self.condition:
            while len(self.to(address)) < count:
                remaining = deadline - time.monotonic()
                assert remaining > 0, f"{len(self.to(address))} mails to {address}, not {count}"
                self.condition.wait(remaining)
        return self.to(address)


@pytest.fixture(scope="module")
def smtp():
    inbox = Inbox()
    controller = Controller(inbox, hostname="127.0.0.1", port=free_port())
    controller.start()
    inbox.url = f"smtp://127.0.0.1:{controller.port}"
    yield inbox
    inbox.release.set()
    controller.stop()


@pytest.fixture(scope="module")
def environ(worker_database, smtp, tmp_path_factory) -> dict:
    return {
        "DATABASE_URL": worker_database,
        "HANABI_DATA_DIR": str(tmp_path_factory.mktemp("mail")),
        "HANABI_QUEUE": f"hanabi-test-{uuid.uuid4().hex[:12]}",
        "HANABI_SMTP_URL": smtp.url,
        "HANABI_EMAIL_FROM": "Hanabi <hanabi@mail.test>",
        "HANABI_PUBLIC_URL": "https://hanabi.test",
        "HANABI_TURN_EMAIL_DELAY_SECONDS": "0",
        "HANABI_SWEEP_SECONDS": "0.5",
        "HANABI_BOT_STALL_SECONDS": "1",
        "HANABI_RATE_LIMITS": "off",
    }


@pytest.fixture(scope="module")
def celery(environ):
    """The worker's app, its tasks called here in the test's process."""
    app = create_celery(load_settings(environ))
    yield app
    app.database().close()


@pytest.fixture(scope="module")
def api(environ):
    """The API on the same database and broker: its commits enqueue on the workers' broker."""
    app = api_app(dataclasses.replace(load_settings(environ), pool_max_size=4))
    yield app.test_client()
    app.extensions[POOL_EXTENSION].close()


def query(environ, sql, params=()):
    with psycopg.connect(environ["DATABASE_URL"], autocommit=True) as conn:
        return conn.execute(sql, params).fetchall()


def new_name() -> str:
    return f"person-{uuid.uuid4().hex[:10]}"


def person(api, environ, *, verified=True, name=None, **notifications) -> dict:
    """A person's account with a password and an email address (verified by its link)."""
    name = name or new_name()
    address = f"{name}@example.org"
    created = api.post("/v1/accounts", json={"name": name, "kind": "human", "password": PASSWORD, "email": address})
    assert created.status_code == 201, created.json
    account = {**created.json, "headers": {"Authorization": f"Bearer {created.json['token']}"}}
    if verified:
        ((payload,),) = query(
            environ,
            "SELECT payload FROM email_outbox WHERE account_id = %s AND kind = 'verify_email'",
            (account["id"],),
        )
        assert api.post("/v1/email-verifications", json={"token": payload["token"]}).status_code == 200
    if notifications:
        changed = api.patch("/v1/accounts/me", json={"notifications": notifications}, headers=account["headers"])
        assert changed.status_code == 200, changed.json
    return account


def outbox_rows(environ, account_id, kind):
    return query(
        environ,
        "SELECT id, outcome, attempts, payload, last_error FROM email_outbox "
        "WHERE account_id = %s AND kind = %s ORDER BY id",
        (account_id, kind),
    )


def due_mail(environ, account_id) -> int:
    """How many of the account's mails are still to be sent (none: no more can go out)."""
    ((count,),) = query(
        environ, "SELECT count(*) FROM email_outbox WHERE account_id = %s AND outcome IS NULL", (account_id,)
    )
    return count


def two_player_game(api, first, second, **extra) -> int:
    """A running game of two people, `first` to move."""
    created = api.post(
        "/v1/games",
        json={
            "options": {"players": 2},
            "seats": [{"kind": "open"}, {"kind": "account", "account": second["name"]}],
            **extra,
        },
        headers=first["headers"],
    )
    assert created.status_code == 201, created.json
    game_id = created.json["id"]
    for player in (first, second):
        assert api.post(f"/v1/games/{game_id}/join", headers=player["headers"]).status_code == 200
    return game_id


def move(api, player, game_id):
    view = api.get(f"/v1/games/{game_id}/view", headers=player["headers"]).json
    action = view["legal_actions"][0]
    body = {key: value for key, value in action.items() if key != "seat"}
    response = api.post(f"/v1/games/{game_id}/actions", json=body, headers=player["headers"])
    assert response.status_code == 200, response.json


def test_the_verification_mail_carries_its_link_once_and_its_token_is_erased(api, celery, environ, smtp):
    account = person(api, environ, verified=False)

    send_mail(celery)

    (message,) = smtp.wait_for(account["email"], 1)
    assert message["Subject"] == "Confirm your email address"
    assert message["From"] == "Hanabi <hanabi@mail.test>"
    ((mail_id, outcome, attempts, payload, _),) = outbox_rows(environ, account["id"], "verify_email")
    assert message["Message-ID"] == f"<mail-{mail_id}@mail.test>"
    assert (outcome, attempts) == ("sent", 1)
    assert "token" not in payload, "the link's secret is not kept once sent"
    link = next(line for line in message.get_content().splitlines() if "verify_email=" in line)
    token = link.split("verify_email=")[1]
    assert link.startswith("https://hanabi.test/?verify_email=")
    assert api.post("/v1/email-verifications", json={"token": token}).status_code == 200
    assert "List-Unsubscribe" not in message, "mail the account asked for has no unsubscribe"
    send_mail(celery)
    assert len(smtp.to(account["email"])) == 1


def test_your_turn_and_game_over_mail_with_a_working_unsubscribe_link(api, celery, environ, smtp):
    alice, bob = person(api, environ), person(api, environ)
    game_id = two_player_game(api, alice, bob)
    send_mail(celery)

    move(api, alice, game_id)
    send_mail(celery)

    (turn,) = [m for m in smtp.wait_for(bob["email"], 2) if m["Subject"].startswith("Your turn")]
    assert turn["Subject"] == f"Your turn in game {game_id}"
    assert f"https://hanabi.test/#/game/{game_id}" in turn.get_content()
    assert alice["name"] in turn.get_content() and bob["name"] in turn.get_content()
    assert turn["List-Unsubscribe-Post"] == "List-Unsubscribe=One-Click"
    unsubscribe = turn["List-Unsubscribe"].strip("<>")
    assert unsubscribe.startswith("https://hanabi.test/mail/unsubscribe/")

    assert api.post(f"/v1/games/{game_id}/resign", headers=bob["headers"]).status_code == 200
    send_mail(celery)
    (over,) = [m for m in smtp.wait_for(alice["email"], 3) if m["Subject"].startswith("Game")]
    assert over["Subject"].startswith(f"Game {game_id} is over")

    path = unsubscribe.removeprefix("https://hanabi.test")
    assert api.post(path, data={"List-Unsubscribe": "One-Click"}).status_code == 200
    settings = api.get("/v1/accounts/me", headers=bob["headers"]).json["notifications"]
    assert settings == {"your_turn": "off", "game_over": "off", "deadline_reminder": "off"}


def test_a_turn_taken_before_its_mail_went_out_sends_nothing(api, celery, environ, smtp):
    alice, bob = person(api, environ), person(api, environ)
    game_id = two_player_game(api, alice, bob)
    move(api, alice, game_id)
    move(api, bob, game_id)

    send_mail(celery)

    rows = outbox_rows(environ, bob["id"], "your_turn")
    assert [(outcome, error) for _, outcome, _, _, error in rows] == [("skipped", "the turn was taken")]
    assert [m["Subject"] for m in smtp.wait_for(alice["email"], 2)] == [
        "Confirm your email address",
        f"Your turn in game {game_id}",
    ]


def test_off_sends_nothing_and_unverified_addresses_get_no_notification(api, celery, environ):
    alice = person(api, environ)
    quiet = person(api, environ, your_turn="off", game_over="off")
    unverified = person(api, environ, verified=False)
    for other in (quiet, unverified):
        game_id = two_player_game(api, alice, other)
        move(api, alice, game_id)
        assert outbox_rows(environ, other["id"], "your_turn") == []


def test_daily_notifications_come_in_one_digest(api, celery, environ, smtp):
    alice = person(api, environ)
    bob = person(api, environ, your_turn="daily", game_over="daily")
    waiting, ended = two_player_game(api, alice, bob), two_player_game(api, alice, bob)
    move(api, alice, waiting)
    move(api, alice, ended)
    assert api.post(f"/v1/games/{ended}/resign", headers=bob["headers"]).status_code == 200
    send_mail(celery)
    assert len(smtp.to(bob["email"])) == 1, "only the verification, nothing before the digest"

    send_digests(celery)
    send_mail(celery)

    digest = smtp.wait_for(bob["email"], 2)[1]
    assert digest["Subject"] == "Your Hanabi day"
    text = digest.get_content()
    assert f"game {waiting}: https://hanabi.test/#/game/{waiting}" in text
    assert f"game {ended}:" in text and "points" in text
    assert all(outcome == "folded" for _, outcome, *_ in outbox_rows(environ, bob["id"], "your_turn"))
    send_digests(celery)
    assert len(outbox_rows(environ, bob["id"], "digest")) == 1


def test_a_reminder_before_the_deadline_comes_once_per_turn(api, celery, environ, smtp):
    alice, bob = person(api, environ), person(api, environ)
    game_id = two_player_game(api, alice, bob, time_control={"kind": "correspondence", "days": 1, "on_timeout": "end"})
    send_mail(celery)
    assert outbox_rows(environ, alice["id"], "deadline_reminder") == [], "a day is left"
    query(
        environ,
        "UPDATE games SET turn_started_at = now() - interval '20 hours', deadline = now() + interval '4 hours' "
        "WHERE id = %s RETURNING id",
        (game_id,),
    )

    send_mail(celery)
    send_mail(celery)

    reminders = [m for m in smtp.wait_for(alice["email"], 2) if "ends soon" in m["Subject"]]
    assert [m["Subject"] for m in reminders] == [f"Your turn in game {game_id} ends soon"]
    assert "Time left: 3 h" in reminders[0].get_content()
    assert len(outbox_rows(environ, alice["id"], "deadline_reminder")) == 1


def test_a_relay_that_refuses_for_now_gets_the_mail_again_later_and_a_refusal_for_good_fails_it(
    api, celery, environ, smtp
):
    name = new_name()
    smtp.refusals[f"{name}@example.org"] = "451 4.3.0 try again later"  # its mail may leave at its commit
    account = person(api, environ, verified=False, name=name)
    send_mail(celery)
    ((mail_id, outcome, attempts, _, error),) = outbox_rows(environ, account["id"], "verify_email")
    assert (outcome, attempts) == (None, 1) and error.startswith("recipient refused: [451]")
    query(environ, "UPDATE email_outbox SET send_after = now() WHERE id = %s RETURNING id", (mail_id,))
    send_mail(celery)
    assert len(smtp.wait_for(account["email"], 1)) == 1

    name = new_name()
    smtp.refusals[f"{name}@example.org"] = "550 5.1.1 no such mailbox"
    refused = person(api, environ, verified=False, name=name)
    send_mail(celery)
    ((_, outcome, _, _, error),) = outbox_rows(environ, refused["id"], "verify_email")
    assert outcome == "failed" and "550" in error


@pytest.fixture
def worker_env(environ, tmp_path) -> dict:
    """A real worker's environment: a broker folder of its own (so the test's app and the
    worker share it), beat in the worker."""
    return {**os.environ, **environ, "HANABI_DATA_DIR": str(tmp_path)}


def test_a_bots_move_sends_one_your_turn_mail_through_a_real_worker(worker_env, smtp, tmp_path):
    api = api_app(dataclasses.replace(load_settings(worker_env), pool_max_size=2))
    client = api.test_client()
    worker = start_hanabi(
        ["worker", "--beat", "--concurrency", "1", "--loglevel", "INFO"], worker_env, tmp_path / "w.log"
    )
    try:
        alice = person(client, worker_env)
        created = client.post(
            "/v1/games",
            json={
                "options": {"players": 2},
                "seats": [{"kind": "bot", "strategy": "basic"}, {"kind": "account", "account": alice["name"]}],
            },
            headers=alice["headers"],
        )
        game_id = created.json["id"]
        assert client.post(f"/v1/games/{game_id}/join", headers=alice["headers"]).status_code == 200

        mails = smtp.wait_for(alice["email"], 2)
        until(lambda: not due_mail(worker_env, alice["id"]), 30, "alice's outbox has no mail left to send")
    finally:
        stop(worker)
        api.extensions[POOL_EXTENSION].close()
    subjects = [m["Subject"] for m in smtp.to(alice["email"])]
    assert subjects == ["Confirm your email address", f"Your turn in game {game_id}"], mails


def test_a_worker_killed_mid_send_sends_the_mail_once_not_twice(worker_env, smtp, tmp_path):
    api = api_app(dataclasses.replace(load_settings(worker_env), pool_max_size=2))
    client = api.test_client()
    command = ["worker", "--beat", "--concurrency", "1", "--loglevel", "INFO"]
    log = tmp_path / "w.log"
    smtp.release.clear()
    smtp.stall_next.set()
    account = person(client, worker_env, verified=False)
    query(
        worker_env,
        "UPDATE email_outbox SET outcome = 'skipped', finished_at = now() "
        "WHERE outcome IS NULL AND account_id <> %s RETURNING id",
        (account["id"],),
    )
    worker = start_hanabi(command, worker_env, log)
    try:
        assert smtp.stalled.wait(60), f"the worker never reached the relay (log: {log})"
        assert smtp.stalled_address == account["email"]
        kill(worker)
        smtp.release.set()
        time.sleep(1)  # time for a mail from the killed worker's dialogue, which must not come
        assert smtp.to(account["email"]) == [], "a dialogue cut before the message is no mail"
        ((_, outcome, attempts, _, _),) = outbox_rows(worker_env, account["id"], "verify_email")
        assert (outcome, attempts) == (None, 0), "the mail is due again"

        worker = start_hanabi(command, worker_env, log)
        (message,) = smtp.wait_for(account["email"], 1)
        until(
            lambda: outbox_rows(worker_env, account["id"], "verify_email")[0][1] == "sent",
            30,
            "the mail marked sent (after which it cannot be sent again)",
        )
    finally:
        stop(worker)
        api.extensions[POOL_EXTENSION].close()
    assert len(smtp.to(account["email"])) == 1
    ((mail_id, outcome, attempts, _, _),) = outbox_rows(worker_env, account["id"], "verify_email")
    assert (outcome, attempts, message["Message-ID"]) == ("sent", 1, f"<mail-{mail_id}@mail.test>")
