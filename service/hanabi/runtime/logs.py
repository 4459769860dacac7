"""The log lines of the service's processes: one JSON object per line, or text for people.

    configure_logging(settings)          # the API under gunicorn, `hanabi worker`, `hanabi beat`
    logging_config(settings)             # the same as a dictConfig dict
    logger_class = "hanabi.runtime.logs.GunicornLogger"   # in a gunicorn config: its own lines alike

Every line written while the API handles a request carries that request's id (`request_id`),
and every line written while a worker runs a task carries the task's id (`task_id`) and, for
the tasks of one game, the game's id (`game_id`). They come from context variables that the
API's request hooks (hanabi.api.instrumentation) and the worker's task signals
(hanabi.worker.celery_app) set, so code that logs needs to know nothing of them.

A JSON line:

    {"level": "INFO", "logger": "hanabi.access", "message": "POST /v1/games/7/actions 200 3.1 ms",
     "time": "2026-11-21T23:14:36.123456+00:00", "request_id": "5f0c...", "method": "POST", ...}

The same line as text:

    2026-11-21 23:14:36,123 INFO hanabi.access [request_id=5f0c...] POST /v1/games/7/actions 200 3.1 ms
"""

import json
import logging
import logging.config
from contextvars import ContextVar
from datetime import datetime

from gunicorn.glogging import Logger
from pythonjsonlogger.orjson import OrjsonFormatter

from hanabi.config import Settings, load_settings

REQUEST_ID: ContextVar[str | None] = ContextVar("hanabi_request_id", default=None)
TASK_ID: ContextVar[str | None] = ContextVar("hanabi_task_id", default=None)
GAME_ID: ContextVar[int | None] = ContextVar("hanabi_game_id", default=None)
CONTEXT = (("request_id", REQUEST_ID), ("task_id", TASK_ID), ("game_id", GAME_ID))


class ContextFilter(logging.Filter):
    """Puts the request id, task id and game id of the running request or task on each record."""

    def filter(self, record: logging.LogRecord) -> bool:
        for name, variable in CONTEXT:
            value = variable.get()
            if value is not None:
                setattr(record, name, value)
        return True


class TextFormatter(logging.Formatter):
    """Python's usual line, with the context in brackets before the message."""

    def __init__(self):
        super().__init__("%(asctime)s %(levelname)s %(name)s %(message)s")

    def formatMessage(self, record: logging.LogRecord) -> str:
        context = " ".join(f"{name}={getattr(record, name)}" for name, _ in CONTEXT if hasattr(record, name))
        if context:
            record = logging.makeLogRecord({**record.__dict__, "message": f"[{context}] {record.message}"})
        return super().formatMessage(record)


class JsonFormatter(OrjsonFormatter):
    """python-json-logger's orjson formatter: one JSON object per line with level, logger and
    message, every extra field of the record (the context above, the access line's fields), an
    exception's traceback as `exc_info`, a stack as `stack_info`, and the time in ISO 8601 (UTC).
    Values JSON has no type for are written as their str()."""

    def __init__(self):
        super().__init__(
            "{levelname}{name}{message}",
            style="{",
            rename_fields={"levelname": "level", "name": "logger"},
            timestamp="time",
            json_default=str,
        )

    def jsonify_log_record(self, log_data: dict) -> str:
        try:
            return super().jsonify_log_record(log_data)
        except TypeError:  # what orjson refuses outright, such as an integer beyond 64 bits
            return json.dumps(log_data, default=_as_text, separators=(",", ":"))


def _as_text(value) -> str:
    return value.isoformat() if isinstance(value, datetime) else str(value)


def logging_config(settings: Settings) -> dict:
    """A dictConfig dict: everything to stderr in the settings' format, at their level, and
    gunicorn's error log (its own lines: start, workers, signals) likewise."""
    formatter = {"()": JsonFormatter} if settings.log_format == "json" else {"()": TextFormatter}
    handler = {
        "class": "logging.StreamHandler",
        "stream": "ext://sys.stderr",
        "formatter": "hanabi",
        "filters": ["context"],
    }
    return {
        "version": 1,
        "disable_existing_loggers": False,
        "filters": {"context": {"()": ContextFilter}},
        "formatters": {"hanabi": formatter},
        "handlers": {"stderr": handler},
        "root": {"level": settings.log_level, "handlers": ["stderr"]},
        "loggers": {"gunicorn.error": {"level": "INFO", "handlers": ["stderr"], "propagate": False}},
    }


def configure_logging(settings: Settings) -> None:
    logging.config.dictConfig(logging_config(settings))
    # No line shows the process, the thread or the caller's file and line: spare each record
    # the system call, the lookups and the walk up the stack (the logging HOWTO's
    # "Optimization" section; the access line is written for every request).
    logging.logProcesses = logging.logThreads = logging.logMultiprocessing = False
    logging._srcfile = None


class GunicornLogger(Logger):
    """gunicorn's logger, with its lines in the format above (settings from the environment).
    Its access log stays off unless gunicorn's `accesslog` is set: the app writes its own access
    line for each request (hanabi.api.instrumentation). Unlike gunicorn's `logconfig_dict`,
    which turns gunicorn's access log on. This module imports no prometheus_client, so a gunicorn
    config may name it before PROMETHEUS_MULTIPROC_DIR is set (see hanabi.runtime.metrics_dir)."""

    def setup(self, cfg):
        super().setup(cfg)
        configure_logging(load_settings())
