"""CORS: browser apps on the origins of HANABI_CORS_ORIGINS may call the API (flask-cors).

A preflight (`OPTIONS` with `Origin` and `Access-Control-Request-Method`) is answered for every
API path, long polls included, without a token and without being counted by the rate limits:
it reads nothing and changes nothing, and browsers send it without `Authorization`. A refused
origin gets an answer without `Access-Control-Allow-Origin`, which its browser reads as a no.
Tokens travel in `Authorization`, never in cookies, so no credentials mode is allowed.
"""

from flask import Flask
from flask_cors import CORS

from hanabi.config import Settings

API_PATHS = r"/v1/.*"
ALLOWED_METHODS = ("GET", "HEAD", "POST", "PUT", "DELETE")
ALLOWED_HEADERS = ("Authorization", "Content-Type", "Idempotency-Key", "If-None-Match", "X-Request-Id")
EXPOSED_HEADERS = ("ETag", "Location", "Retry-After", "X-Request-Id", "WWW-Authenticate", "Idempotent-Replayed")
PREFLIGHT_MAX_AGE_SECONDS = 600


def install_cors(app: Flask, settings: Settings) -> None:
    """Answer CORS requests from the settings' origins (nothing when there are none)."""
    if not settings.cors_origins:
        return
    CORS(
        app,
        resources={API_PATHS: {}},
        origins=list(settings.cors_origins),
        methods=list(ALLOWED_METHODS),
        allow_headers=list(ALLOWED_HEADERS),
        expose_headers=list(EXPOSED_HEADERS),
        max_age=PREFLIGHT_MAX_AGE_SECONDS,
        supports_credentials=False,
        vary_header=True,
    )
