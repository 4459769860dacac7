"""The cluster test's marker, and its cluster: deploy/'s topology on hosts made of network
namespaces (topology.py). Where namespaces cannot be made (not root, no `ip netns`) or a program
is missing (`make test` installs them with apt-get when it can), the tests skip, saying why;
under CI (CI set) a missing program fails them instead."""

import os
import uuid

import pytest

from .netns import namespaces_unavailable
from .topology import Cluster, missing_parts


def pytest_configure(config):
    config.addinivalue_line("markers", "cluster: the production topology on network namespaces, under faults")


@pytest.fixture(scope="session")
def cluster_can_run() -> None:
    reason = namespaces_unavailable()
    if reason is not None:
        pytest.skip(f"the cluster test makes hosts of network namespaces, which cannot be made here: {reason}")
    missing = missing_parts()
    if missing:
        message = f"the cluster test needs {', '.join(missing)} (make test installs them with apt-get as root)"
        if os.environ.get("CI"):
            pytest.fail(message)
        pytest.skip(message)


@pytest.fixture
def cluster(cluster_can_run, tmp_path):
    with Cluster(tmp_path / "cluster") as running:
        yield running


@pytest.fixture
def prefix() -> str:
    return uuid.uuid4().hex[:8]


@pytest.fixture
def report_figures(request):
    """Print a line of figures, and keep it with the test's report (a user property), which
    tests/conftest.py shows at the end of the run, under pytest-xdist too."""

    def report(line: str) -> None:
        print(line, flush=True)
        request.node.user_properties.append(("cluster_figures", line))

    return report
