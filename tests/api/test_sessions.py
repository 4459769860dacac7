"""Accounts people keep: a password, signing in on any device, signing out without losing the
account, a verified email address, a password reset by mail, unsubscribing without signing
in; and the limits on guessing. On the test Postgres, through the app; the last test over real
HTTP to `hanabi serve`."""

import dataclasses
import uuid

import httpx
import psycopg
import pytest
from hanabi.api import create_app
from hanabi.api.context import POOL_EXTENSION
from hanabi.config import load_settings
from hanabi.runtime.composition import api_app

from .conftest import assert_problem

PASSWORD = "correct horse battery"


def unique(prefix="person"):
    return f"{prefix}-{uuid.uuid4().hex[:10]}"


def address() -> dict:
    """A client address of its own, so counts of other tests do not reach this one's."""
    number = uuid.uuid4().int
    return {"REMOTE_ADDR": f"10.{number % 250}.{number // 250 % 250}.{number // 62500 % 250 + 1}"}


def create(client, password=PASSWORD, **extra):
    name = unique()
    response = client.post("/v1/accounts", json={"name": name, "kind": "human", "password": password, **extra})
    assert response.status_code == 201, response.json
    return response.json


def bearer(token):
    return {"Authorization": f"Bearer {token}"}


def sign_in(client, name, password=PASSWORD, environ=None):
    return client.post("/v1/sessions", json={"name": name, "password": password}, environ_base=environ or address())


def outbox(database_url, account_id, kind):
    with psycopg.connect(database_url, autocommit=True) as conn:
        return conn.execute(
            "SELECT to_address, payload FROM email_outbox WHERE account_id = %s AND kind = %s ORDER BY id",
            (account_id, kind),
        ).fetchall()


def test_a_password_signs_in_on_another_device_and_sign_out_keeps_the_account(client):
    account = create(client)
    assert account["has_password"] is True and account["email"] is None

    session = sign_in(client, account["name"].upper())

    assert session.status_code == 201, session.json
    body = session.json
    assert (body["account"], body["account_id"], body["expires_at"]) == (account["name"], account["id"], None)
    assert body["token"].startswith("hnb_") and body["token"] != account["token"]
    assert client.get("/v1/accounts/me", headers=bearer(body["token"])).json["id"] == account["id"]

    assert client.delete("/v1/tokens/current", headers=bearer(body["token"])).status_code == 204
    assert_problem(client.get("/v1/accounts/me", headers=bearer(body["token"])), 401, "unauthorized")
    assert client.get("/v1/accounts/me", headers=bearer(account["token"])).status_code == 200, "the other device"

    again = sign_in(client, account["name"])
    assert again.status_code == 201
    assert client.get("/v1/accounts/me", headers=bearer(again.json["token"])).json["id"] == account["id"]


def test_sign_out_everywhere_then_sign_in_again(client):
    account = create(client)
    second = sign_in(client, account["name"]).json["token"]

    assert client.delete("/v1/tokens", headers=bearer(second)).status_code == 204

    for token in (account["token"], second):
        assert_problem(client.get("/v1/accounts/me", headers=bearer(token)), 401)
    back = sign_in(client, account["name"])
    assert back.status_code == 201
    assert client.get("/v1/accounts/me", headers=bearer(back.json["token"])).json["name"] == account["name"]


def test_a_wrong_password_and_an_unknown_name_get_the_same_answer(client):
    account = create(client)
    environ = address()

    wrong = assert_problem(sign_in(client, account["name"], "not the password", environ), 401, "invalid_credentials")
    unknown = assert_problem(sign_in(client, unique(), PASSWORD, environ), 401, "invalid_credentials")

    assert wrong["detail"] == unknown["detail"]
    bot = client.post("/v1/accounts", json={"name": unique("bot"), "kind": "bot"}).json
    assert bot["has_password"] is False
    assert_problem(sign_in(client, bot["name"], PASSWORD, environ), 401, "invalid_credentials")


def test_passwords_are_8_to_1024_characters(client):
    body = assert_problem(
        client.post("/v1/accounts", json={"name": unique(), "kind": "human", "password": "short"}), 422
    )
    assert set(body["errors"]) == {"password"}
    assert_problem(client.post("/v1/accounts", json={"name": unique(), "kind": "human", "password": "x" * 1025}), 422)


def test_changing_the_password_needs_the_current_one(client):
    account = create(client)
    headers = bearer(account["token"])

    missing = client.patch("/v1/accounts/me", json={"password": "a new password"}, headers=headers)
    assert_problem(missing, 403, "wrong_password")
    wrong = client.patch(
        "/v1/accounts/me", json={"password": "a new password", "current_password": "nope nope"}, headers=headers
    )
    assert_problem(wrong, 403, "wrong_password")
    changed = client.patch(
        "/v1/accounts/me", json={"password": "a new password", "current_password": PASSWORD}, headers=headers
    )

    assert changed.status_code == 200, changed.json
    assert_problem(sign_in(client, account["name"]), 401)
    assert sign_in(client, account["name"], "a new password").status_code == 201
    assert client.get("/v1/accounts/me", headers=headers).status_code == 200, "the token stays valid"


def test_an_account_without_a_password_may_set_one(client):
    bot = client.post("/v1/accounts", json={"name": unique("bot"), "kind": "bot"}).json
    response = client.patch("/v1/accounts/me", json={"password": PASSWORD}, headers=bearer(bot["token"]))
    assert response.status_code == 200 and response.json["has_password"] is True
    assert sign_in(client, bot["name"]).status_code == 201


def test_a_read_only_token_cannot_change_the_account(client):
    account = create(client)
    narrow = client.post("/v1/tokens", json={"scopes": ["read"]}, headers=bearer(account["token"])).json["token"]
    response = client.patch("/v1/accounts/me", json={"email": "a@example.org"}, headers=bearer(narrow))
    assert_problem(response, 403, "insufficient_scope")


def test_a_hash_of_other_parameters_is_replaced_at_the_next_sign_in(app, database_url):
    """The test app hashes with the cheapest parameters; an app with the default ones replaces such
    a hash when its account signs in."""
    account = create(app.test_client())
    default = create_app(load_settings({}), pool=app.extensions[POOL_EXTENSION]).test_client()

    assert sign_in(default, account["name"]).status_code == 201

    with psycopg.connect(database_url, autocommit=True) as conn:
        (stored,) = conn.execute("SELECT password_hash FROM accounts WHERE id = %s", (account["id"],)).fetchone()
    assert stored.startswith("$argon2id$v=19$m=65536,t=3,p=4$")
    assert sign_in(app.test_client(), account["name"]).status_code == 201


@pytest.fixture(scope="module")
def strict_app(database_url):
    """The API with low limits on guessing: 3 failures per account, 5 per address, 2 resets."""
    settings = dataclasses.replace(
        load_settings(),
        database_url=database_url,
        pool_max_size=4,
        sign_in_limit_account="3 per hour",
        sign_in_limit_address="5 per hour",
        password_reset_limit="2 per hour",
        password_hashing="cheapest",
    )
    app = api_app(settings, with_worker=False)
    yield app
    app.extensions[POOL_EXTENSION].close()


def test_failed_sign_ins_are_limited_per_account_from_any_address(strict_app):
    client = strict_app.test_client()
    account = create(client)
    for _ in range(3):
        assert_problem(sign_in(client, account["name"], "wrong password"), 401)

    refused = sign_in(client, account["name"], PASSWORD)

    body = assert_problem(refused, 429, "too_many_sign_in_attempts")
    assert 3500 <= int(refused.headers["Retry-After"]) <= 3600
    assert "3 in an hour" in body["detail"]
    other = create(client)
    assert sign_in(client, other["name"]).status_code == 201, "other accounts are not locked"


def test_failed_sign_ins_are_limited_per_address(strict_app):
    client = strict_app.test_client()
    environ = address()
    for _ in range(5):
        assert_problem(sign_in(client, unique(), "wrong password", environ), 401)
    account = create(client)

    assert_problem(sign_in(client, account["name"], PASSWORD, environ), 429, "too_many_sign_in_attempts")
    assert sign_in(client, account["name"], PASSWORD).status_code == 201, "from another address"


def test_a_successful_sign_in_is_not_counted(strict_app):
    client = strict_app.test_client()
    account = create(client)
    environ = address()
    for _ in range(6):
        assert sign_in(client, account["name"], PASSWORD, environ).status_code == 201


def test_an_email_address_is_verified_by_its_link(client, database_url):
    account = create(client, email="Someone@Example.org")
    assert (account["email"], account["email_verified"]) == ("Someone@Example.org", False)
    ((to, payload),) = outbox(database_url, account["id"], "verify_email")
    assert to == "Someone@Example.org"

    verified = client.post("/v1/email-verifications", json={"token": payload["token"]})

    assert verified.status_code == 200, verified.json
    assert verified.json == {"account": account["name"], "email": "Someone@Example.org"}
    assert client.get("/v1/accounts/me", headers=bearer(account["token"])).json["email_verified"] is True
    assert_problem(client.post("/v1/email-verifications", json={"token": payload["token"]}), 400, "invalid_link")
    assert_problem(client.post("/v1/email-verifications", json={"token": "made-up"}), 400, "invalid_link")


def test_a_new_address_is_unverified_and_the_old_link_dies(client, database_url):
    account = create(client)
    headers = bearer(account["token"])
    client.patch("/v1/accounts/me", json={"email": f"{unique()}@example.org"}, headers=headers)
    ((_, first),) = outbox(database_url, account["id"], "verify_email")
    changed = client.patch("/v1/accounts/me", json={"email": "second@example.org"}, headers=headers)
    assert (changed.json["email"], changed.json["email_verified"]) == ("second@example.org", False)

    assert_problem(client.post("/v1/email-verifications", json={"token": first["token"]}), 400, "invalid_link")
    (_, second) = outbox(database_url, account["id"], "verify_email")[1]
    assert client.post("/v1/email-verifications", json={"token": second["token"]}).status_code == 200
    removed = client.patch("/v1/accounts/me", json={"email": None}, headers=headers)
    assert (removed.json["email"], removed.json["email_verified"]) == (None, False)


def test_an_address_verified_by_one_account_is_taken(client, database_url):
    email = f"{unique()}@example.org"
    first, second = create(client, email=email), create(client, email=email.upper())
    for account in (first, second):
        ((_, payload),) = outbox(database_url, account["id"], "verify_email")
        account["link"] = payload["token"]
    assert client.post("/v1/email-verifications", json={"token": first["link"]}).status_code == 200
    assert_problem(client.post("/v1/email-verifications", json={"token": second["link"]}), 409, "email_taken")


def verified_account(client, database_url):
    email = f"{unique()}@example.org"
    account = create(client, email=email)
    ((_, payload),) = outbox(database_url, account["id"], "verify_email")
    assert client.post("/v1/email-verifications", json={"token": payload["token"]}).status_code == 200
    return account, email


def test_a_forgotten_password_is_reset_by_mail_which_signs_out_everyone(client, database_url):
    account, email = verified_account(client, database_url)

    asked = client.post("/v1/password-resets", json={"email": email.upper()}, environ_base=address())

    assert asked.status_code == 202
    ((to, payload),) = outbox(database_url, account["id"], "reset_password")
    assert to == email
    reset = client.post("/v1/password-resets/redeem", json={"token": payload["token"], "password": "brand new one"})
    assert reset.status_code == 201, reset.json
    assert reset.json["account"] == account["name"]
    assert_problem(client.get("/v1/accounts/me", headers=bearer(account["token"])), 401)
    assert client.get("/v1/accounts/me", headers=bearer(reset.json["token"])).status_code == 200
    assert sign_in(client, account["name"], "brand new one").status_code == 201
    assert_problem(sign_in(client, account["name"]), 401)
    again = client.post("/v1/password-resets/redeem", json={"token": payload["token"], "password": "another one"})
    assert_problem(again, 400, "invalid_link")


def test_a_reset_for_an_unknown_or_unverified_address_answers_the_same_and_mails_nothing(client, database_url):
    account = create(client, email=f"{unique()}@example.org")
    for email in (account["email"], f"{unique()}@example.org"):
        assert client.post("/v1/password-resets", json={"email": email}, environ_base=address()).status_code == 202
    assert outbox(database_url, account["id"], "reset_password") == []


def test_password_resets_are_limited_per_address_and_quietly_per_account(strict_app, database_url):
    client = strict_app.test_client()
    account, email = verified_account(client, database_url)
    for _ in range(2):
        assert client.post("/v1/password-resets", json={"email": email}, environ_base=address()).status_code == 202
    assert client.post("/v1/password-resets", json={"email": email}, environ_base=address()).status_code == 202
    assert len(outbox(database_url, account["id"], "reset_password")) == 2, "no third mail for the account"

    environ = address()
    for _ in range(2):
        client.post("/v1/password-resets", json={"email": f"{unique()}@example.org"}, environ_base=environ)
    refused = client.post("/v1/password-resets", json={"email": email}, environ_base=environ)
    assert_problem(refused, 429, "too_many_password_resets")


def test_unsubscribing_needs_only_the_link(client, database_url):
    account = create(client)
    with psycopg.connect(database_url, autocommit=True) as conn:
        (key,) = conn.execute("SELECT unsubscribe_key FROM accounts WHERE id = %s", (account["id"],)).fetchone()
    assert account["notifications"] == {
        "your_turn": "immediately",
        "game_over": "immediately",
        "deadline_reminder": "immediately",
    }

    response = client.post(f"/v1/unsubscribe/{key}")

    assert response.status_code == 200, response.json
    off = {"your_turn": "off", "game_over": "off", "deadline_reminder": "off"}
    assert response.json == {"account": account["name"], "notifications": off}
    assert_problem(client.post(f"/v1/unsubscribe/{'0' * 64}"), 404, "unsubscribe_key_not_found")
    on = client.patch(
        "/v1/accounts/me", json={"notifications": {"your_turn": "daily"}}, headers=bearer(account["token"])
    )
    assert on.json["notifications"] == {**off, "your_turn": "daily"}
    page = client.get(f"/mail/unsubscribe/{key}")
    assert page.status_code == 200 and b"<form method=post" in page.data
    one_click = client.post(f"/mail/unsubscribe/{key}", data={"List-Unsubscribe": "One-Click"})
    assert one_click.status_code == 200
    assert client.get("/v1/accounts/me", headers=bearer(account["token"])).json["notifications"] == off


def test_notification_settings_are_checked(client):
    account = create(client)
    response = client.patch(
        "/v1/accounts/me", json={"notifications": {"deadline_reminder": "daily"}}, headers=bearer(account["token"])
    )
    body = assert_problem(response, 422)
    assert set(body["errors"]) == {"notifications.deadline_reminder"}


def test_over_real_http_sign_in_sign_out_and_sign_in_on_another_device(live_server):
    name = unique()
    with httpx.Client(base_url=live_server, timeout=30) as http:
        created = http.post("/v1/accounts", json={"name": name, "kind": "human", "password": PASSWORD})
        assert created.status_code == 201, created.text
        laptop = http.post("/v1/sessions", json={"name": name, "password": PASSWORD}).json()["token"]
        phone = http.post("/v1/sessions", json={"name": name, "password": PASSWORD}).json()["token"]

        assert http.delete("/v1/tokens/current", headers=bearer(laptop)).status_code == 204
        assert http.get("/v1/accounts/me", headers=bearer(laptop)).status_code == 401
        assert http.get("/v1/accounts/me", headers=bearer(phone)).json()["name"] == name
        wrong = http.post("/v1/sessions", json={"name": name, "password": "wrong password"})
        assert (wrong.status_code, wrong.json()["code"]) == (401, "invalid_credentials")
        back = http.post("/v1/sessions", json={"name": name, "password": PASSWORD})
        assert back.status_code == 201
        assert http.get("/v1/accounts/me", headers=bearer(back.json()["token"])).json()["id"] == created.json()["id"]


def test_a_reset_without_a_password_and_an_empty_change_are_answered_plainly(client):
    body = assert_problem(client.post("/v1/password-resets/redeem", json={"token": "x"}), 422, "invalid_request")
    assert set(body["errors"]) == {"password"}
    account = create(client)
    unchanged = client.patch("/v1/accounts/me", headers=bearer(account["token"]))
    assert unchanged.status_code == 200 and unchanged.json["name"] == account["name"]
