import yaml
from hanabi.api.openapi import OPENAPI_FILE, openapi_yaml
from hanabi.cli import main

HTTP_METHODS = {"get", "put", "post", "delete", "options", "head", "patch", "trace"}


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


def test_every_operation_has_its_own_operation_id_which_names_the_sdk_function():
    spec = yaml.safe_load(OPENAPI_FILE.read_text(encoding="utf-8"))
    operations = [
        (f"{method.upper()} {path}", operation.get("operationId"))
        for path, item in spec["paths"].items()
        for method, operation in item.items()
        if method in HTTP_METHODS
    ]

    assert [where for where, operation_id in operations if not operation_id] == []
    ids = [operation_id for _, operation_id in operations]
    assert sorted(operation_id for operation_id in set(ids) if ids.count(operation_id) > 1) == []
    assert all(operation_id.isidentifier() for operation_id in ids)


def test_the_hanablive_game_is_one_schema_for_both_export_and_import():
    spec = yaml.safe_load(OPENAPI_FILE.read_text(encoding="utf-8"))
    exported = spec["paths"]["/v1/games/{game_id}/export"]["get"]["responses"]["200"]["content"]["application/json"]
    imported = spec["paths"]["/v1/imports"]["post"]["requestBody"]["content"]["application/json"]
    assert exported["schema"] == imported["schema"] == {"$ref": "#/components/schemas/HanabLiveGame"}


def test_every_schema_of_the_description_is_used():
    """An unused schema would still become a model of the SDK."""
    spec = yaml.safe_load(OPENAPI_FILE.read_text(encoding="utf-8"))
    referenced = set(references(spec))
    unused = [name for name in spec["components"]["schemas"] if f"#/components/schemas/{name}" not in referenced]
    assert unused == []


def references(node):
    if isinstance(node, dict):
        if "$ref" in node:
            yield node["$ref"]
        for value in node.values():
            yield from references(value)
    elif isinstance(node, list):
        for value in node:
            yield from references(value)
