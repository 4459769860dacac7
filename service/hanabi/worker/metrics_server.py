"""The Prometheus metrics of a `hanabi worker`, served on HANABI_WORKER_METRICS_PORT.

`hanabi worker` sets PROMETHEUS_MULTIPROC_DIR up (a fresh folder unless it is given) before
its pool starts, so the pool's processes (prefork) or threads record into files there; this
server, a thread of the worker's main process, adds them up at each scrape, with the depth of
the Celery queue measured then (queue_depth). Any path answers with the metrics.
"""

from prometheus_client import CollectorRegistry, start_http_server
from prometheus_client.multiprocess import MultiProcessCollector

from hanabi.config import Settings

from .queue_depth import QueueDepthCollector


def serve_worker_metrics(settings: Settings):
    """Start serving (a daemon thread); returns the HTTP server. Needs PROMETHEUS_MULTIPROC_DIR."""
    registry = CollectorRegistry()
    MultiProcessCollector(registry)
    registry.register(QueueDepthCollector(settings))
    server, _ = start_http_server(settings.worker_metrics_port, settings.worker_metrics_host, registry)
    return server
