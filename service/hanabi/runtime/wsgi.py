"""The app for a WSGI server: `gunicorn hanabi.runtime.wsgi:app`, built by the composition root
(hanabi.runtime.composition.api_app). Settings come from the environment (DATABASE_URL,
HANABI_DB_POOL_MIN/MAX; without DATABASE_URL the embedded Postgres in HANABI_DATA_DIR).
Migrations are not applied here: run `hanabi migrate` first. Commits enqueue bot turns, turn
expiries and webhook deliveries on CELERY_BROKER_URL for `hanabi worker` processes.

Logging is set up here as hanabi.runtime.logs says (also give gunicorn
`logger_class = "hanabi.runtime.logs.GunicornLogger"` so that its master logs alike). With more than one
gunicorn worker, set PROMETHEUS_MULTIPROC_DIR to an empty folder, and gunicorn's `child_exit`
to hanabi.api.metrics.child_exit, so that /metrics adds up all of them (docs/observability.md).
Once the app is built, the objects made so far are hidden from the garbage collector
(`freeze_start_up_objects`), and full collections are made rare (`collect_everything_rarely`): load
the module in each worker (no preload), after the fork."""

import logging
import os

from hanabi.config import load_settings
from hanabi.runtime.composition import api_app
from hanabi.runtime.logs import configure_logging
from hanabi.runtime.server import collect_everything_rarely, freeze_start_up_objects

settings = load_settings()
configure_logging(settings)
if not os.environ.get("PROMETHEUS_MULTIPROC_DIR"):
    logging.getLogger(__name__).warning(
        "PROMETHEUS_MULTIPROC_DIR is not set: /metrics shows only the gunicorn worker that answers the scrape"
    )
collect_everything_rarely()
app = freeze_start_up_objects(api_app(settings))
