"""What each endpoint needs of a token: one scope (hanabi.store.accounts.SCOPES), declared once
beside the view with `@requires("play")` and stated in openapi.yaml as the scopes of the
operation's security requirement (`security: [{bearerAuth: [play]}]`).

`check_scope`, a before_request hook after the token's, refuses a token without the scope:
403 `insufficient_scope` naming it (and `WWW-Authenticate: Bearer error="insufficient_scope"`,
RFC 6750). An endpoint that declares nothing needs every scope, so a new endpoint is never
open to narrow tokens by mistake (tests/api/test_scopes.py fails for it). A token limited to
one game (a watch or table link) may use only that game's endpoints and read or revoke itself:
others are a 403 `token_limited_to_game`.
"""

from flask import current_app, request

from hanabi.store.accounts import ALL_SCOPES

from .context import current_token
from .docs import documented
from .errors import Problem

ANY_TOKEN = ""
"""`requires(ANY_TOKEN)`: any valid token, whatever its scopes (reading or revoking the token itself)."""
GAME_LIMITED_ALLOWED = frozenset({"get_current_token", "revoke_current_token"})


def requires(scope: str):
    """Declare the scope a view needs (ANY_TOKEN: none), for the check and the description."""
    if scope != ANY_TOKEN and scope not in ALL_SCOPES:
        raise ValueError(f"unknown scope {scope!r}")

    def decorate(function):
        function._token_scope = scope
        return documented(security=[{"bearerAuth": [scope] if scope else []}])(function)

    return decorate


def view_function(endpoint: str | None, method: str):
    """The function that answers `method` at `endpoint` (a MethodView's method; HEAD is GET's)."""
    view = current_app.view_functions.get(endpoint)
    view_class = getattr(view, "view_class", None)
    if view_class is None:
        return view
    return getattr(view_class, "get" if method == "HEAD" else method.lower(), None)


def required_scope(endpoint: str | None, method: str) -> str | None:
    """The scope declared for the endpoint's method; None when it declares none."""
    return getattr(view_function(endpoint, method), "_token_scope", None)


def check_scope(public_endpoints: frozenset[str]) -> None:
    if request.method == "OPTIONS" or request.endpoint is None or request.endpoint in public_endpoints:
        return
    token = current_token()
    needed = required_scope(request.endpoint, request.method)
    missing = (
        sorted(ALL_SCOPES - token.scopes)
        if needed is None
        else [needed]
        if needed and needed not in token.scopes
        else []
    )
    if missing:
        raise insufficient_scope(missing, request.method, request.path)
    if token.game_id is not None:
        game_id = (request.view_args or {}).get("game_id")
        function = view_function(request.endpoint, request.method)
        operation = getattr(function, "_apidoc", {}).get("manual_doc", {}).get("operationId")
        if game_id != token.game_id and operation not in GAME_LIMITED_ALLOWED:
            raise Problem(
                403,
                "token_limited_to_game",
                f"This token acts only in game {token.game_id}.",
            )


def insufficient_scope(missing: list[str], method: str, path: str) -> Problem:
    """The 403 of a token that lacks the `missing` scopes, which `method path` needs."""
    return Problem(
        403,
        "insufficient_scope",
        f"This token lacks the scope {', '.join(repr(scope) for scope in missing)}, which "
        f"{method} {path} needs; issue a token that has it (POST /v1/tokens with its scopes).",
        headers={"WWW-Authenticate": f'Bearer realm="hanabi", error="insufficient_scope", scope="{" ".join(missing)}"'},
        scope=missing[0],
    )
