"""A webhook receiver for the worker tests: an HTTP server on 127.0.0.1 that records every POST,
and the check of a delivery: its signature, and its headers and body against the description's
`webhooks` entry of its type (openapi.yaml)."""

import functools
import hashlib
import hmac
import json
import re
import ssl
import threading
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

import jsonschema_rs
import yaml
from hanabi.api.openapi import OPENAPI_FILE
from hanabi.webhooks.delivery import DELIVERY_HEADER, SIGNATURE_HEADER

PAYLOAD_KEYS = {"id", "type", "game_id", "version", "seat", "account", "occurred_at"}


class Receiver:
    """An HTTP server on 127.0.0.1 that records every POST and answers 204; a path can be told
    to answer 500 a number of times first (`failures_left`), to answer another status always
    (`statuses`), or to wait before it answers (`delays`, seconds). With `tls`, it speaks HTTPS."""

    def __init__(self, tls: ssl.SSLContext | None = None):
        self.requests: list[dict] = []
        self.failures_left: dict[str, int] = {}
        self.statuses: dict[str, int] = {}
        self.delays: dict[str, float] = {}
        self.lock = threading.Condition()
        receiver = self

        class Handler(BaseHTTPRequestHandler):
            def do_POST(self):
                body = self.rfile.read(int(self.headers["Content-Length"]))
                with receiver.lock:
                    receiver.requests.append({"path": self.path, "headers": dict(self.headers), "body": body})
                    failing = receiver.failures_left.get(self.path, 0) > 0
                    if failing:
                        receiver.failures_left[self.path] -= 1
                    status = 500 if failing else receiver.statuses.get(self.path, 204)
                    delay = receiver.delays.get(self.path, 0)
                    receiver.lock.notify_all()
                time.sleep(delay)  # a slow receiver, as the test set it
                self.send_response(status)
                if 300 <= status < 400:
                    self.send_header("Location", self.path + "-redirected")
                self.send_header("Content-Length", "0")
                self.end_headers()

            def log_message(self, *args):
                pass

        self.server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        if tls is not None:
            self.server.socket = tls.wrap_socket(self.server.socket, server_side=True)
        self.thread = threading.Thread(target=self.server.serve_forever, daemon=True)
        self.thread.start()

    @property
    def port(self) -> int:
        return self.server.server_address[1]

    def url(self, path: str, host: str = "127.0.0.1", scheme: str = "http") -> str:
        return f"{scheme}://{host}:{self.port}{path}"

    def received(self, path: str) -> list[dict]:
        with self.lock:
            return [request for request in self.requests if request["path"] == path]

    def wait_for(self, path: str, count: int, timeout: float = 20) -> list[dict]:
        deadline = time.monotonic() + timeout
        with self.lock:
            while len(self.received(path)) < count:
                remaining = deadline - time.monotonic()
                assert remaining > 0, f"{path} got {len(self.received(path))} requests, not {count}"
                self.lock.wait(remaining)
            return self.received(path)

    def close(self):
        self.server.shutdown()
        self.server.server_close()


def verified(request: dict, secret: str) -> dict:
    """The JSON body of a received delivery, once its signature is checked with the secret."""
    expected = "sha256=" + hmac.new(secret.encode(), request["body"], hashlib.sha256).hexdigest()
    assert hmac.compare_digest(request["headers"][SIGNATURE_HEADER], expected)
    assert request["headers"]["Content-Type"] == "application/json"
    body = json.loads(request["body"])
    assert set(body) == PAYLOAD_KEYS
    assert request["headers"][DELIVERY_HEADER] == str(body["id"])
    assert_described(request, body)
    return body


@functools.cache
def described_webhooks() -> dict:
    """openapi.yaml's `webhooks`, and its components beside them (for their $refs)."""
    spec = yaml.safe_load(OPENAPI_FILE.read_text(encoding="utf-8"))
    return {"webhooks": spec["webhooks"], "components": spec["components"]}


def assert_described(request: dict, body: dict) -> None:
    """The delivery is the POST the description's `webhooks` entry of its type declares: its
    declared headers, with their patterns, and a body that validates (JSON Schema 2020-12)."""
    described = described_webhooks()
    operation = described["webhooks"][body["type"]]["post"]
    for header in operation["parameters"]:
        value = request["headers"].get(header["name"])
        assert value is not None or not header["required"], header["name"]
        assert re.search(header["schema"]["pattern"], value), (header["name"], value)
    schema = operation["requestBody"]["content"][request["headers"]["Content-Type"]]["schema"]
    validator = jsonschema_rs.Draft202012Validator(
        {**schema, "components": described["components"]}, validate_formats=True
    )
    assert [error.message for error in validator.iter_errors(body)] == [], body
