"""A token's lineage, over real HTTP against `hanabi serve`: whatever a token, a watch link, a
table link or a player token issues (tokens, watch links, table links, player tokens) never
outlives it, never has a scope or a game it lacks, and is revoked with it, transitively; an
account revokes all its tokens at once."""

import uuid
from datetime import datetime

import httpx
import pytest

from .conftest import run_together


class Client:
    """One token on the live server."""

    def __init__(self, base_url: str, token: str, facts: dict | None = None):
        self.http = httpx.Client(base_url=base_url, headers={"Authorization": f"Bearer {token}"}, timeout=30)
        self.token = token
        self.facts = facts or {}

    def request(self, method: str, path: str, status: int | None = None, **kwargs) -> httpx.Response:
        response = self.http.request(method, path, **kwargs)
        if status is not None:
            assert response.status_code == status, (method, path, response.status_code, response.text)
        return response

    def post(self, path: str, json=None, status: int | None = 201) -> dict:
        response = self.request("POST", path, status, json=json)
        return response.json() if response.content else {}

    def mint(self, path: str, json=None) -> "Client":
        """The token that a POST to `path` issues, with the facts the response states."""
        issued = self.post(path, json)
        return Client(str(self.http.base_url), issued["token"], issued)

    def works(self) -> bool:
        status = self.request("GET", "/v1/tokens/current").status_code
        assert status in (200, 401), status
        return status == 200

    @property
    def expires_at(self) -> datetime | None:
        current = self.request("GET", "/v1/tokens/current", 200).json()
        return None if current["expires_at"] is None else datetime.fromisoformat(current["expires_at"])


@pytest.fixture
def account(live_server):
    def create(kind: str = "human") -> Client:
        name = f"lineage-{uuid.uuid4().hex[:10]}"
        response = httpx.post(f"{live_server}/v1/accounts", json={"name": name, "kind": kind})
        assert response.status_code == 201, response.text
        return Client(live_server, response.json()["token"], response.json())

    return create


@pytest.fixture
def app_with_game(account):
    """An app, two players of it seated in a running game, and a player token for each."""

    def make() -> tuple[Client, list[dict], list[Client], int]:
        app = account("app")
        players = [app.post("/v1/players", {"user": user}) for user in ("alice", "bob")]
        tokens = [
            app.mint(f"/v1/players/{p['id']}/tokens", {"scopes": ["read", "play", "games:write"]}) for p in players
        ]
        seats = [{"kind": "account", "account": p["name"]} for p in players]
        game_id = tokens[0].post("/v1/games", {"options": {"players": 2}, "seats": seats, "spectators": True})["id"]
        for token in tokens:
            token.post(f"/v1/games/{game_id}/join", status=200)
        return app, players, tokens, game_id

    return make


def test_a_watch_link_issued_by_a_short_link_ends_with_it_and_so_does_each_child(app_with_game):
    _, _, (alice, _), game_id = app_with_game()
    short = alice.mint(f"/v1/games/{game_id}/watch-links", {"seconds": 60})
    child = short.mint(f"/v1/games/{game_id}/watch-links", {"seconds": 86400})
    grandchild = child.mint(f"/v1/games/{game_id}/watch-links", {"seconds": 86400})
    for link in (child, grandchild):
        assert datetime.fromisoformat(link.facts["expires_at"]) <= short.expires_at
        assert link.expires_at <= short.expires_at
        assert link.facts["game_id"] == game_id and link.facts["scopes"] == ["read"]


def test_a_table_link_and_a_player_token_issue_nothing_that_outlives_them(app_with_game):
    app, (alice, _), _, game_id = app_with_game()
    table = app.mint(f"/v1/players/{alice['id']}/table-links", {"game_id": game_id, "seconds": 60})
    watch = table.mint(f"/v1/games/{game_id}/watch-links", {"seconds": 86400})
    assert watch.expires_at <= table.expires_at
    current = watch.request("GET", "/v1/tokens/current", 200).json()
    assert current["game_id"] == game_id and current["scopes"] == ["read"]

    brief = app.mint(f"/v1/players/{alice['id']}/tokens", {"scopes": ["read", "play", "tokens"], "seconds": 60})
    token = brief.mint("/v1/tokens")
    link = brief.mint(f"/v1/games/{game_id}/watch-links", {"seconds": 86400})
    for issued in (token, link, token.mint(f"/v1/games/{game_id}/watch-links", {"seconds": 86400})):
        assert issued.expires_at is not None and issued.expires_at <= brief.expires_at


def test_a_player_token_and_what_it_issues_get_no_scope_it_lacks(app_with_game):
    app, (alice, _), _, game_id = app_with_game()
    narrow = app.mint(f"/v1/players/{alice['id']}/tokens", {"scopes": ["read", "tokens"]})
    refused = narrow.request("POST", "/v1/tokens", 403, json={"scopes": ["read", "play"]}).json()
    assert refused["code"] == "insufficient_scope" and refused["scope"] == "play"
    child = narrow.mint("/v1/tokens")
    assert child.facts["scopes"] == ["read", "tokens"]
    table = app.mint(f"/v1/players/{alice['id']}/table-links", {"game_id": game_id})
    assert table.request("POST", "/v1/tokens", 403).json()["code"] == "insufficient_scope"


def test_revoking_a_token_revokes_everything_issued_from_it(account, app_with_game):
    root = account()
    root.post("/v1/games", {"options": {"players": 2}, "spectators": True})
    game_id = root.request("GET", "/v1/games?limit=1", 200).json()["items"][0]["id"]
    child = root.mint("/v1/tokens")
    sibling = root.mint("/v1/tokens")
    grandchild = child.mint("/v1/tokens", {"scopes": ["read", "tokens"]})
    links = [child.mint(f"/v1/games/{game_id}/watch-links"), grandchild.mint(f"/v1/games/{game_id}/watch-links")]
    assert all(token.works() for token in (child, grandchild, *links))

    child.request("DELETE", "/v1/tokens/current", 204)
    assert not any(token.works() for token in (child, grandchild, *links))
    assert root.works() and sibling.works(), "the parent and a sibling keep working"

    app, (alice, _), _, game_id = app_with_game()
    app_token = app.mint("/v1/tokens")
    player = app_token.mint(f"/v1/players/{alice['id']}/tokens", {"scopes": ["read", "play", "tokens"]})
    issued = [
        player,
        player.mint("/v1/tokens"),
        player.mint(f"/v1/games/{game_id}/watch-links"),
        app_token.mint(f"/v1/players/{alice['id']}/table-links", {"game_id": game_id}),
    ]
    issued.append(issued[-1].mint(f"/v1/games/{game_id}/watch-links"))
    app_token.request("DELETE", "/v1/tokens/current", 204)
    assert not any(token.works() for token in issued)
    assert app.works()


def test_an_account_revokes_all_its_tokens_at_once(account, app_with_game):
    app, (alice, _), (alice_token, _), game_id = app_with_game()
    other = account()
    tokens = [app, app.mint("/v1/tokens"), app.mint("/v1/tokens", {"scopes": ["read"]})]
    for_players = [
        alice_token,
        app.mint(f"/v1/players/{alice['id']}/tokens"),
        tokens[1].mint(f"/v1/players/{alice['id']}/table-links", {"game_id": game_id}),
    ]
    refused = tokens[2].request("DELETE", "/v1/tokens", 403).json()
    assert refused["code"] == "insufficient_scope" and refused["scope"] == "tokens"

    tokens[1].request("DELETE", "/v1/tokens", 204)
    assert not any(token.works() for token in tokens + for_players)
    assert other.works(), "another account's tokens keep working"


def test_a_token_issued_while_its_parent_is_revoked_is_revoked_or_never_issued(account):
    root = account()
    parent = root.mint("/v1/tokens")

    def mint():
        return parent.request("POST", "/v1/tokens")

    def revoke():
        return parent.request("DELETE", "/v1/tokens/current")

    for _ in range(3):
        results = run_together(*([mint] * 6), revoke, *([mint] * 6))
        issued = [r.json()["token"] for r in results if r.request.method == "POST" and r.status_code == 201]
        assert {r.status_code for r in results if r.request.method == "POST"} <= {201, 401}
        assert all(not Client(str(root.http.base_url), token).works() for token in issued)
        parent = root.mint("/v1/tokens")


def test_overlapping_revocations_all_end_well(account):
    """A revoke-all by a token that its own revocation races: when that revocation commits first,
    the revoke-all is refused (401) and revokes nothing, so the root, which no other request
    revokes, keeps working; every other token of the chain ends revoked either way."""
    for _ in range(3):
        root = account()
        chain = [root]
        for _ in range(3):
            chain.extend([chain[-1].mint("/v1/tokens"), chain[-1].mint("/v1/tokens")])
        revocations = [lambda token=token: token.request("DELETE", "/v1/tokens/current") for token in chain[1:]]
        revoke_all, *_ = results = run_together(lambda: chain[2].request("DELETE", "/v1/tokens"), *revocations)
        assert {response.status_code for response in results} <= {204, 401}
        assert not any(token.works() for token in chain[1:])
        assert root.works() == (revoke_all.status_code == 401), revoke_all.status_code


def test_a_token_issued_while_its_account_signs_out_everywhere_is_revoked_or_never_issued(account):
    """Tokens issued from the account's tokens, and from their children, while `DELETE /v1/tokens`
    runs: each request is refused (401) or its token is revoked with the rest."""
    for _ in range(4):
        root = account()
        parents = [root.mint("/v1/tokens") for _ in range(3)]
        parents += [parent.mint("/v1/tokens") for parent in parents]
        mints = [lambda parent=parent: parent.request("POST", "/v1/tokens") for parent in [root, *parents] * 2]
        revoke_all, *minted = run_together(lambda: root.request("DELETE", "/v1/tokens"), *mints)
        assert revoke_all.status_code == 204, revoke_all.text
        assert {response.status_code for response in minted} <= {201, 401}
        issued = [Client(str(root.http.base_url), r.json()["token"]) for r in minted if r.status_code == 201]
        assert not any(token.works() for token in [root, *parents, *issued])
