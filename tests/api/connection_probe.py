"""A WSGI app that reports on the worker serving it, for tests/api/test_connection_threads.py.

GET /pid             the worker's process id
GET /sleep?S         sleeps S seconds, then answers how many requests were in the app at that moment
POST /echo           the request's body
/environ...          the request's environ (its text values and wsgi.url_scheme) as JSON, with
                     "body": the body it read
GET /stream?N        N pieces of body, without a Content-Length
GET /raise           an exception before any answer
anything else        the process id, leaving a request body unread
"""

import json
import os
import threading
import time

_lock = threading.Lock()
_in_progress = 0


def app(environ, start_response):
    global _in_progress
    path = environ["PATH_INFO"]
    if path.startswith("/environ"):
        seen = {key: value for key, value in environ.items() if isinstance(value, str)}
        seen["wsgi.url_scheme"] = environ["wsgi.url_scheme"]
        seen["body"] = environ["wsgi.input"].read().decode("latin-1")
        body = json.dumps(seen).encode()
    elif path == "/stream":
        start_response("200 OK", [("Content-Type", "text/plain")])
        return (f"piece {n};".encode() for n in range(int(environ["QUERY_STRING"])))
    elif path == "/raise":
        raise RuntimeError("the probe fails on purpose")
    elif path == "/echo":
        body = environ["wsgi.input"].read()
    elif path == "/big":
        body = b"x" * int(environ["QUERY_STRING"])
    elif path == "/sleep":
        with _lock:
            _in_progress += 1
        try:
            time.sleep(float(environ.get("QUERY_STRING") or 0))
            body = str(_in_progress).encode()
        finally:
            with _lock:
                _in_progress -= 1
    else:
        body = str(os.getpid()).encode()
    start_response("200 OK", [("Content-Type", "text/plain"), ("Content-Length", str(len(body)))])
    return [body]
