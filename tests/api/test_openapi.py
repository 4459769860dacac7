import yaml

from hanabi.api.openapi import OPENAPI_FILE, openapi_yaml
from hanabi.cli import main


def test_the_committed_openapi_yaml_is_the_one_the_app_describes():
    assert OPENAPI_FILE.read_text(encoding="utf-8") == openapi_yaml(), "openapi.yaml is stale: run `hanabi openapi`"


def test_the_description_is_openapi_3_1_with_bearer_auth_and_problem_errors():
    spec = yaml.safe_load(openapi_yaml())
    assert spec["openapi"] == "3.1.0"
    assert spec["components"]["securitySchemes"]["bearerAuth"] == {"type": "http", "scheme": "bearer"}
    assert spec["paths"]["/v1/accounts"]["post"]["security"] == []
    conflict = spec["components"]["responses"]["CONFLICT"]["content"]
    assert list(conflict) == ["application/problem+json"]
    action = spec["paths"]["/v1/games/{game_id}/actions"]["post"]
    assert "Idempotency-Key" in [parameter["name"] for parameter in action["parameters"]]


def test_hanabi_openapi_writes_the_description(tmp_path, capsys):
    target = tmp_path / "openapi.yaml"
    assert main(["openapi", "--output", str(target)]) == 0
    assert target.read_text(encoding="utf-8") == openapi_yaml()


def test_the_app_serves_its_description(client):
    served = client.get("/v1/openapi.json").json
    assert served["openapi"] == "3.1.0" and "/v1/games/{game_id}/view" in served["paths"]
