"""What gunicorn loads, `hanabi.runtime.wsgi:app`, is built with the worker's start-up objects
out of the garbage collector's sight and full collections rare, and what requests leave behind
is still freed: a worker holding thousands of waiting requests neither stalls on full
collections nor grows."""

import json
import os
import subprocess
import sys

import pytest
from hanabi.runtime.server import FULL_COLLECTION_THRESHOLD

WORKER = r"""
import gc, json, weakref

class Garbage:
    pass

def cycle():
    garbage = Garbage()
    garbage.itself = garbage
    return weakref.ref(garbage)

made_before = cycle()
gc.disable()  # only the worker's start-up may free the cycle made before it
from hanabi.runtime import wsgi
freed_at_start_up = made_before() is None
gc.enable()
client = wsgi.app.test_client()
statuses = [client.get("/v1/health").status_code for _ in range(3)]
made_after = cycle()
gc.collect()
print(json.dumps({
    "app_tracked": any(thing is wsgi.app for thing in gc.get_objects()),
    "frozen": gc.get_freeze_count(),
    "threshold": gc.get_threshold(),
    "freed_at_start_up": freed_at_start_up,
    "freed_after": made_after() is None,
    "statuses": statuses,
}))
"""


@pytest.mark.slow  # a process that loads the whole app
def test_the_wsgi_app_hides_its_start_up_objects_and_still_frees_its_requests_garbage(create_database, tmp_path):
    env = {key: value for key, value in os.environ.items() if key != "PROMETHEUS_MULTIPROC_DIR"}
    env["DATABASE_URL"] = create_database()
    worker = subprocess.run(
        [sys.executable, "-c", WORKER], env=env, cwd=tmp_path, capture_output=True, text=True, timeout=120
    )
    assert worker.returncode == 0, worker.stderr
    found = json.loads(worker.stdout.strip().splitlines()[-1])
    assert found["statuses"] == [200, 200, 200]
    assert not found["app_tracked"] and found["frozen"] > 1000, "the app and the modules are frozen"
    assert found["freed_at_start_up"], "garbage made before the freeze is collected, not kept for good"
    assert found["freed_after"], "garbage made by requests after the freeze is collected"
    assert found["threshold"][2] == FULL_COLLECTION_THRESHOLD
