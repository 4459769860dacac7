"""Games survive crashes: while many games are played over HTTP and by the workers, an API
process and a worker are killed (SIGKILL) and started again, Postgres stops at once (an immediate
shutdown) and starts again, Redis is killed with every queued message and started again.
Afterwards every game has finished, every move the API acknowledged is in its log exactly once,
no event was written twice, no turn outlived its deadline (beyond a stated grace), and the API
answered 503 with Retry-After, never a 500, while the database was away. See docs/faults.md."""

import json
import secrets
import time

import pytest
from hanabi.store.database import connect

from tests.cluster.local import Cluster
from tests.waiting import until

from .checks import acknowledged_moves_missing, bad_answers, damaged_logs, skipped_deadlines, unfinished_games
from .conftest import CLUSTER_ENVIRON
from .scenario import DeadlineWatcher, Mix, Scenario

FINISH_TIMEOUT_SECONDS = 120
"""After the last fault, the games still running must all finish within this time."""


@pytest.fixture
def cluster(redis_server, tmp_path):
    """Two API processes, two workers and beat, restarted when they exit by themselves (as
    deploy/compose.yaml's `restart: unless-stopped` does), so that one such exit does not hide
    the rest of the run's problems; every such exit is a problem too."""
    with Cluster(tmp_path / "cluster", apis=2, workers=2, environ=CLUSTER_ENVIRON, supervise=True) as cluster:
        yield cluster


def test_games_survive_killed_api_and_worker_and_restarted_postgres_and_redis(cluster, tmp_path):
    scenario = Scenario(cluster, Mix(), seed=7, prefix=f"faults-{secrets.token_hex(3)}")
    started = time.monotonic()
    watcher = DeadlineWatcher(cluster.database_url, scenario.record.timed_games)
    watcher.start()
    try:
        scenario.start_games()
        scenario.run_faults()
        players_done = scenario.wait_for_players(FINISH_TIMEOUT_SECONDS)
        games_done = wait_until_all_finished(cluster.database_url, started + FINISH_TIMEOUT_SECONDS + 60)
    finally:
        scenario.stopped.set()
        watcher.stop()
    record = scenario.record

    problems = list(scenario.errors) + list(record.surprises)
    if not players_done:
        problems.append(f"players still playing {FINISH_TIMEOUT_SECONDS} s after the last fault")
    if not games_done:
        problems.append("games still running after the players finished")
    problems += unfinished_games(cluster.database_url, record.games)
    problems += damaged_logs(cluster.database_url, record.games, set(record.timed_games))
    problems += acknowledged_moves_missing(cluster.database_url, record.acks)
    deadline_problems, deadline_figures = skipped_deadlines(
        cluster.database_url, record.timed_games, scenario.faults, watcher.deadlines
    )
    problems += deadline_problems
    answer_problems, answer_figures = bad_answers(record.answers, scenario.postgres_away, len(cluster.apis))
    problems += answer_problems
    problems += [
        f"{exit.process} exited by itself (status {exit.returncode}): {exit.reason}"
        for exit in cluster.unexpected_exits
    ]

    summary = {
        "seconds": round(time.monotonic() - started, 1),
        "games": len(record.games),
        "timed_games": len(record.timed_games),
        "acknowledged_moves": len(record.acks),
        "faults": [
            {
                "fault": fault.name,
                "at_s": round(fault.began - scenario.faults_began, 1),
                "lasted_s": round(fault.ended - fault.began, 2),
            }
            for fault in scenario.faults
        ],
        "exits_restarted_by_the_supervisor": [
            f"{exit.process} at {exit.at - scenario.faults_began:.1f} s, status {exit.returncode}: {exit.reason}"
            for exit in cluster.unexpected_exits
        ],
        "deadlines": deadline_figures,
        "answers": answer_figures,
    }
    (tmp_path / "summary.json").write_text(json.dumps(summary, indent=2))
    print(json.dumps(summary, indent=2))
    assert not problems, f"{len(problems)} problems (logs in {cluster.folder}):\n" + "\n".join(problems)


def wait_until_all_finished(database_url: str, deadline: float) -> bool:
    with connect(database_url) as conn:
        try:
            until(
                lambda: not conn.execute("SELECT count(*) FROM games WHERE status <> 'finished'").fetchone()[0],
                deadline - time.monotonic(),
                "every game finished",
                interval=0.5,
            )
        except AssertionError:
            return False
    return True
