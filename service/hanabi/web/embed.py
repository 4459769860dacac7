"""The embeddable game page (the API's "embeddable table"): `/embed/games/{id}`, a page made to
sit in another site's iframe, showing one game: a running game to its spectators (when the game
allows them), a finished game's replay, or a player's seat (a table link of an app). The page reads its token from the
URL's fragment (`#token=...`, from `POST /v1/games/{id}/watch-links` or
`POST /v1/players/{id}/table-links`) and calls the public API with it, like any client.

Which sites may frame it is the server's choice: `Content-Security-Policy: frame-ancestors`
lists the origins of HANABI_EMBED_ORIGINS (none by default: then no site may frame it).
"""

from pathlib import Path

from flask import Blueprint, Response, current_app, send_from_directory

blp = Blueprint("embed", __name__)
PUBLIC_ENDPOINTS = frozenset({"embed.game"})
EMBED_ORIGINS_EXTENSION = "hanabi_embed_origins"
STATIC = Path(__file__).resolve().parent / "static"


def frame_ancestors(origins: tuple[str, ...]) -> str:
    return " ".join(origins) if origins else "'none'"


@blp.route("/embed/games/<int:game_id>")
def game(game_id: int) -> Response:
    return send_from_directory(STATIC / "embed", "game.html", max_age=0)


@blp.after_request
def security_headers(response: Response) -> Response:
    ancestors = frame_ancestors(current_app.extensions[EMBED_ORIGINS_EXTENSION])
    response.headers["Content-Security-Policy"] = (
        "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; connect-src 'self'; "
        f"object-src 'none'; base-uri 'none'; form-action 'none'; frame-ancestors {ancestors}"
    )
    response.headers["X-Content-Type-Options"] = "nosniff"
    response.headers["Referrer-Policy"] = "no-referrer"
    return response
