"""deploy/compose.yaml and deploy/haproxy.cfg: the cluster's parts, their order of start, health
checks, restart policies and what each may be scaled to."""

import re
from urllib.parse import urlsplit

import pytest
import yaml
from hanabi.api.notifications import MAX_WAIT_SECONDS

from .files import DEPLOY, REPO, env_example, load_compose

SERVICE = ("migrate", "api", "worker", "beat")
"""The services that run the project's image."""
LONG_RUNNING = ("postgres", "redis", "api", "proxy", "worker", "beat")


@pytest.fixture(scope="module")
def compose() -> dict:
    return load_compose({**env_example(), "POSTGRES_PASSWORD": "0123abcd"})


def test_the_cluster_has_its_parts(compose):
    assert set(compose["services"]) == {"postgres", "redis", "migrate", "api", "proxy", "worker", "beat"}


def test_the_password_is_required():
    with pytest.raises(KeyError, match="POSTGRES_PASSWORD"):
        load_compose({**env_example(), "POSTGRES_PASSWORD": ""})


def test_the_service_runs_the_image_built_from_deploy_dockerfile(compose):
    images = {compose["services"][name]["image"] for name in SERVICE}
    assert len(images) == 1
    for name in SERVICE:
        build = compose["services"][name]["build"]
        assert (DEPLOY / build["context"]).resolve() == REPO
        assert (REPO / build["dockerfile"]) == DEPLOY / "Dockerfile"


def test_every_long_running_part_has_a_health_check_and_restarts(compose):
    for name in LONG_RUNNING:
        service = compose["services"][name]
        test = service["healthcheck"]["test"]
        assert test[0] in ("CMD", "CMD-SHELL") and len(test) > 1, name
        assert service["restart"] in ("always", "unless-stopped"), name


def test_migrate_runs_once_after_postgres_is_healthy(compose):
    migrate = compose["services"]["migrate"]
    assert migrate["command"] == ["hanabi", "migrate"]
    assert migrate["restart"] == "no"
    assert migrate["healthcheck"] == {"disable": True}
    assert migrate["depends_on"] == {"postgres": {"condition": "service_healthy"}}


def test_api_workers_and_beat_start_after_the_migration_and_healthy_stores(compose):
    for name in ("api", "worker", "beat"):
        assert compose["services"][name]["depends_on"] == {
            "postgres": {"condition": "service_healthy"},
            "redis": {"condition": "service_healthy"},
            "migrate": {"condition": "service_completed_successfully"},
        }, name
    assert compose["services"]["proxy"]["depends_on"] == {"api": {"condition": "service_healthy"}}


def test_every_process_of_the_service_reaches_the_clusters_postgres_and_redis(compose):
    services = compose["services"]
    for name in SERVICE:
        environment = services[name]["environment"]
        database = urlsplit(environment["DATABASE_URL"])
        broker = urlsplit(environment["CELERY_BROKER_URL"])
        assert (database.scheme, database.hostname) == ("postgresql", "postgres")
        assert database.username == services["postgres"]["environment"]["POSTGRES_USER"]
        assert database.password == services["postgres"]["environment"]["POSTGRES_PASSWORD"]
        assert database.path == "/" + services["postgres"]["environment"]["POSTGRES_DB"]
        assert (broker.scheme, broker.hostname) == ("redis", "redis")
        assert services[name]["env_file"] == ".env"


def test_api_and_workers_scale_and_beat_is_one(compose):
    services = compose["services"]
    for name in ("api", "worker"):
        assert "container_name" not in services[name] and "ports" not in services[name], f"{name} could not be scaled"
        assert int(services[name]["deploy"]["replicas"]) >= 1
    assert services["beat"]["deploy"]["replicas"] == 1
    assert "REPLICAS" not in yaml.safe_dump(services["beat"])


def test_only_the_proxy_is_published(compose):
    published = {name for name, service in compose["services"].items() if service.get("ports")}
    assert published == {"proxy"}
    (port,) = compose["services"]["proxy"]["ports"]
    assert port.endswith(":8080")
    assert re.search(r"^\s*bind :8080$", haproxy_cfg(), re.M)


def test_postgres_keeps_its_data_in_a_named_volume(compose):
    volumes = compose["services"]["postgres"]["volumes"]
    assert "postgres-data:/var/lib/postgresql/data" in volumes
    assert "postgres-data" in compose["volumes"]


def test_the_proxy_runs_deploy_haproxy_cfg(compose):
    (mount,) = compose["services"]["proxy"]["volumes"]
    source, target, mode = mount.split(":")
    assert (DEPLOY / source).resolve() == DEPLOY / "haproxy.cfg"
    assert target == "/usr/local/etc/haproxy/haproxy.cfg" and mode == "ro"


def haproxy_cfg() -> str:
    return (DEPLOY / "haproxy.cfg").read_text()


def seconds(value: str) -> float:
    number, unit = re.fullmatch(r"(\d+)(ms|s|m)?", value).groups()
    return int(number) * {"ms": 0.001, "s": 1, "m": 60, None: 0.001}[unit]


def test_the_proxy_waits_longer_than_the_longest_long_poll():
    timeouts = dict(re.findall(r"^\s*timeout (client|server) (\S+)$", haproxy_cfg(), re.M))
    assert set(timeouts) == {"client", "server"}
    for side, value in timeouts.items():
        assert seconds(value) >= MAX_WAIT_SECONDS + 10, (
            f"timeout {side} {value} cuts long polls of {MAX_WAIT_SECONDS} s"
        )


def test_the_proxy_balances_over_the_api_replicas_found_by_docker_dns():
    config = haproxy_cfg()
    (template,) = re.findall(r"^\s*server-template \S+ \d+-(\d+) (\S+):(\d+)", config, re.M)
    slots, host, port = template
    assert int(slots) >= 10
    assert host == "api" and port == "8000"
    assert re.search(r"^\s*nameserver \S+ 127\.0\.0\.11:53$", config, re.M)  # Docker's embedded DNS
    assert re.search(r"^\s*default-server .*\bresolvers docker\b", config, re.M)
    assert "http-check send meth GET uri /v1/ready" in config  # a replica that lost Postgres serves nothing
    assert "/v1/ready:" in (REPO / "openapi.yaml").read_text()


def test_the_proxy_does_not_forward_metrics():
    denied = [line for line in haproxy_cfg().splitlines() if line.strip().startswith("http-request deny")]
    assert any("{ path /metrics }" in line for line in denied)
