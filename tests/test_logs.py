"""hanabi.runtime.logs.JsonFormatter: one JSON object per line, whatever a record carries."""

import json
import logging
import sys
from datetime import UTC, datetime

from hanabi.runtime.logs import JsonFormatter


def record(message="%s %s", args=("GET", "/v1/health"), exc_info=None, **extra) -> logging.LogRecord:
    made = logging.LogRecord("hanabi.access", logging.INFO, __file__, 1, message, args, exc_info)
    made.__dict__.update(extra)
    return made


def line(made: logging.LogRecord) -> dict:
    text = JsonFormatter().format(made)
    assert "\n" not in text
    return json.loads(text)


def test_a_line_has_level_logger_message_time_and_every_extra_field():
    made = record(method="GET", status=200, duration_ms=1.25, request_id="abc")
    written = line(made)
    assert {k: written[k] for k in ("level", "logger", "message")} == {
        "level": "INFO",
        "logger": "hanabi.access",
        "message": "GET /v1/health",
    }
    assert {k: written[k] for k in ("method", "status", "duration_ms", "request_id")} == {
        "method": "GET",
        "status": 200,
        "duration_ms": 1.25,
        "request_id": "abc",
    }
    assert datetime.fromisoformat(written["time"]) == datetime.fromtimestamp(made.created, UTC)
    assert not {"args", "msg", "created", "levelno", "pathname", "exc_info"} & written.keys()


def test_an_exception_is_written_as_its_traceback():
    try:
        raise ZeroDivisionError("division by zero")
    except ZeroDivisionError:
        written = line(record("failed", (), exc_info=sys.exc_info()))
    assert written["message"] == "failed"
    assert written["exc_info"].startswith("Traceback (most recent call last):")
    assert written["exc_info"].endswith("ZeroDivisionError: division by zero")


def test_values_json_has_no_type_for_are_written_as_text():
    class Thing:
        def __str__(self):
            return "a thing"

    when = datetime(2026, 11, 23, 1, 2, 3, tzinfo=UTC)
    written = line(record(thing=Thing(), when=when))
    assert (written["thing"], written["when"]) == ("a thing", "2026-11-23T01:02:03+00:00")
    huge = line(record(count=2**70, when=when))
    assert huge["count"] == 2**70
    assert huge["when"] == "2026-11-23T01:02:03+00:00"
