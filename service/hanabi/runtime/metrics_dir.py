"""The folder where the processes of one server share their Prometheus metrics.

prometheus_client's multiprocess mode: each process (gunicorn worker, prefork pool child)
writes its samples to files of its own in PROMETHEUS_MULTIPROC_DIR, and a scrape adds up the
files of all of them. The variable must be set before prometheus_client is first imported,
which is why this module does not import it (nor anything that does).
"""

import os
import shutil
import sys
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

VARIABLE = "PROMETHEUS_MULTIPROC_DIR"


@contextmanager
def multiprocess_dir(prefix: str) -> Iterator[Path]:
    """PROMETHEUS_MULTIPROC_DIR for this process and its children: the one set in the
    environment, or else a fresh folder (removed when the block ends)."""
    configured = os.environ.get(VARIABLE)
    if configured:
        path = Path(configured)
        path.mkdir(parents=True, exist_ok=True)
        _require_not_imported(path)
        yield path
        return
    path = Path(tempfile.mkdtemp(prefix=prefix))
    os.environ[VARIABLE] = str(path)
    try:
        _require_not_imported(path)
        yield path
    finally:
        os.environ.pop(VARIABLE, None)
        shutil.rmtree(path, ignore_errors=True)


def _require_not_imported(path: Path) -> None:
    values = sys.modules.get("prometheus_client.values")
    if values is not None and values.ValueClass.__name__ != "MmapedValue":
        raise RuntimeError(
            f"prometheus_client was imported before {VARIABLE} was set to {path}: metrics would stay in one process"
        )
