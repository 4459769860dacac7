"""The web page: a person plays Hanabi in the browser.

A plain Flask blueprint (kept out of the OpenAPI description) that serves one HTML page at `/`
and its static files (CSS and JavaScript modules, no build step) under `/web/`. The page only
calls the public REST API under `/v1`, as any client would; it knows no rule of the game.
"""

from flask import Blueprint, Response, send_from_directory

blp = Blueprint("web", __name__, static_folder="static", static_url_path="/web")
PUBLIC_ENDPOINTS = frozenset({"web.index", "web.static"})

CONTENT_SECURITY_POLICY = (
    "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; "
    "connect-src 'self'; object-src 'none'; base-uri 'none'; frame-ancestors 'none'"
)
"""Everything comes from this server: no inline script, no CDN (the page works offline)."""


@blp.route("/")
def index() -> Response:
    return send_from_directory(blp.static_folder, "index.html", max_age=0)


@blp.after_request
def security_headers(response: Response) -> Response:
    response.headers["Content-Security-Policy"] = CONTENT_SECURITY_POLICY
    response.headers["X-Content-Type-Options"] = "nosniff"
    response.headers["Referrer-Policy"] = "no-referrer"
    return response
