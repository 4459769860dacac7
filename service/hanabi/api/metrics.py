"""`GET /metrics`: the Prometheus metrics of the API (of all of a server's worker processes,
through PROMETHEUS_MULTIPROC_DIR; see hanabi.runtime.metrics) and those of the collectors the app is
given (the composition root gives the Celery queue's depth).

It needs no token and is not part of the OpenAPI description: keep it internal (the proxy in
front of the API should not forward /metrics; Prometheus scrapes each server directly).
"""

from collections.abc import Iterable

from flask import Flask, Response, request
from prometheus_client.registry import Collector

from hanabi.runtime import metrics

ENDPOINT = "metrics"


def add_metrics_route(app: Flask, collectors: Iterable[Collector]) -> None:
    collectors = list(collectors)

    def scrape() -> Response:
        body, content_type = metrics.exposition(collectors, request.headers.get("Accept"))
        return Response(body, headers={"Content-Type": content_type, "Cache-Control": "no-store"})

    app.add_url_rule("/metrics", ENDPOINT, scrape, methods=["GET"])


def child_exit(server, worker) -> None:
    """gunicorn's `child_exit` server hook: a worker process ended."""
    metrics.mark_process_dead(worker.pid)
