import hashlib

import pytest
from hanabi.store.accounts import (
    authenticate,
    create_account,
    create_player,
    find_account,
    get_account,
    issue_token,
    revoke_all_tokens,
    revoke_token,
)
from hanabi.store.errors import Conflict, InvalidRequest, NotFound


def test_a_new_account_token_authenticates_as_that_account(conn, make_account):
    account, token = make_account(kind="bot")

    assert authenticate(conn, token) == account
    assert account.kind == "bot"
    assert get_account(conn, account.id) == account


def test_only_the_hash_of_a_token_is_stored(conn, make_account):
    account, token = make_account()

    rows = conn.execute("SELECT * FROM api_tokens WHERE account_id = %s", (account.id,)).fetchall()
    assert len(rows) == 1
    stored = " ".join(repr(value) for value in rows[0])
    assert token not in stored
    assert token.split("_", 1)[1] not in stored
    assert bytes(rows[0][0]) == hashlib.sha256(token.encode()).digest()


def test_a_revoked_token_no_longer_authenticates(conn, make_account):
    account, token = make_account()
    second = issue_token(conn, account.id)

    assert revoke_token(conn, token) == [hashlib.sha256(token.encode()).digest()]
    assert authenticate(conn, token) is None
    assert revoke_token(conn, token) == []
    assert authenticate(conn, second) == account, "a token issued by no request has no parent"


def test_unknown_tokens_do_not_authenticate(conn, make_account):
    _, token = make_account()
    assert authenticate(conn, token + "x") is None
    assert authenticate(conn, "") is None


def test_names_are_unique_regardless_of_case(conn, make_account):
    account, _ = make_account()

    with pytest.raises(Conflict) as error:
        create_account(conn, account.name.upper(), "human")
    assert error.value.code == "account_name_taken"
    assert find_account(conn, account.name.upper()) == account


def test_an_account_is_human_or_bot(conn):
    with pytest.raises(InvalidRequest) as error:
        create_account(conn, "robot-overlord", "overlord")
    assert error.value.code == "invalid_account_kind"
    assert find_account(conn, "robot-overlord") is None


def test_unknown_account(conn):
    with pytest.raises(NotFound):
        get_account(conn, 10**12)


def test_revoking_all_of_an_apps_tokens_revokes_what_it_issued_for_its_players_before_lineage(conn, make_account):
    app, app_token = make_account(kind="app")
    player = create_player(conn, app, "alice")
    issued_without_parent = issue_token(conn, player.id, issued_by_app=app.id)
    child = issue_token(conn, player.id, parent=hashlib.sha256(issued_without_parent.encode()).digest())
    bystander, bystander_token = make_account()

    assert len(revoke_all_tokens(conn, app.id)) == 3
    assert [authenticate(conn, token) for token in (app_token, issued_without_parent, child)] == [None] * 3
    assert authenticate(conn, bystander_token) == bystander
