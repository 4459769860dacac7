"""Schemathesis hooks for the run of test_schemathesis.py against a live `hanabi serve`
(SCHEMATHESIS_HOOKS=tests.api.schemathesis_hooks), configured by environment variables:

    HANABI_ST_URL      the server's base URL
    HANABI_ST_TOKEN    a token of the account the run acts as; it only ever issues other tokens
    HANABI_ST_GAMES    ids of games of that account, comma-separated (in the lobby, running, finished)
    HANABI_ST_SCOPES   when set, the scopes (comma-separated) of every token the run uses: a token
                       that lacks the scopes of most operations, whose refusals must conform too

- Every request gets a token of its own (a generated DELETE /v1/tokens/current revokes only it),
  with HANABI_ST_SCOPES' scopes when that is set;
  DELETE /v1/tokens, which revokes every token of the account, gets a token of an account made
  for it.
- A schema-valid request names one of the known games for some of its generated game ids, so
  that the view, events, replay and moves of real games are exercised, not only 404s.
- `wait` is at most 1 s (a long poll would hold each example up to 60 s).
- A schema-valid request's Idempotency-Key is made unique: the generator repeats short keys
  with other bodies, which is rightly a 422 `idempotency_key_reused` (tested in test_idempotency).
- The check `schema_valid_requests_are_not_malformed`: a request the description allows never
  gets the problems of a request it forbids (`invalid_request`, `invalid_json`, `invalid_value`,
  `unsupported_media_type`). The operations whose answer depends on stored data may answer such a
  request 422, but only with a code that names that rule (`invalid_seat`, `cannot_clue_self`, ...).
"""

import os
import uuid

import httpx
import schemathesis

MALFORMED_CODES = frozenset({"invalid_request", "invalid_json", "invalid_value", "unsupported_media_type"})


@schemathesis.auth(refresh_interval=None)
class FreshToken:
    def get(self, case, context):
        issuer = os.environ["HANABI_ST_TOKEN"]
        if (case.operation.method.upper(), case.operation.path) == ("DELETE", "/v1/tokens"):
            response = httpx.post(
                f"{os.environ['HANABI_ST_URL']}/v1/accounts",
                json={"name": f"st-revokes-{uuid.uuid4().hex[:12]}", "kind": "bot"},
                timeout=10,
            )
            response.raise_for_status()
            issuer = response.json()["token"]
            if not os.environ.get("HANABI_ST_SCOPES"):
                return issuer
        scopes = os.environ.get("HANABI_ST_SCOPES")
        response = httpx.post(
            f"{os.environ['HANABI_ST_URL']}/v1/tokens",
            json={"scopes": scopes.split(",")} if scopes else None,
            headers={"Authorization": f"Bearer {issuer}"},
            timeout=10,
        )
        response.raise_for_status()
        return response.json()["token"]

    def set(self, case, data, context):
        case.headers = case.headers or {}
        case.headers["Authorization"] = f"Bearer {data}"


def _positive(case) -> bool:
    meta = case.meta
    return meta is not None and meta.generation.mode.is_positive


@schemathesis.hook
def before_call(context, case, kwargs):
    games = [int(game_id) for game_id in os.environ["HANABI_ST_GAMES"].split(",")]
    game_id = (case.path_parameters or {}).get("game_id")
    if isinstance(game_id, str) and game_id.isdigit():
        game_id = int(game_id)
    if _positive(case) and isinstance(game_id, int) and game_id % (len(games) + 1):
        case.path_parameters["game_id"] = games[game_id % (len(games) + 1) - 1]
    wait = (case.query or {}).get("wait")
    if type(wait) is int or (isinstance(wait, str) and wait.isdigit()):
        case.query["wait"] = min(int(wait), 1)
    key = (case.headers or {}).get("Idempotency-Key")
    if _positive(case) and isinstance(key, str):
        case.headers["Idempotency-Key"] = f"{uuid.uuid4().hex}{key}"[:255]


STATE_400_CODES = frozenset({"invalid_link", "invalid_passkey", "passkey_registered"})
"""400s that depend on stored state (docs/api.md, Errors), not on the request's form."""


@schemathesis.check
def schema_valid_requests_are_not_malformed(ctx, response, case):
    if not _positive(case) or response.status_code not in (400, 415, 422):
        return None
    try:
        code = response.json().get("code")
    except ValueError:
        code = None
    if code in STATE_400_CODES and response.status_code == 400:
        return None  # a mailed link's token or a passkey's challenge the server never gave out
    if code in MALFORMED_CODES or response.status_code != 422:
        raise AssertionError(f"A request the description allows got {response.status_code} {code}: {response.text}")
    return None
