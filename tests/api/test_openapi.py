from hanabi.api.openapi import OPENAPI_FILE
from hanabi.runtime.cli import main

from tests.api.problem_codes import raised_codes

HTTP_METHODS = {"get", "put", "post", "delete", "options", "head", "patch", "trace"}


def test_the_committed_openapi_yaml_is_the_one_the_app_describes(openapi_text):
    assert OPENAPI_FILE.read_text(encoding="utf-8") == openapi_text, "openapi.yaml is stale: run `hanabi openapi`"


def test_the_description_is_openapi_3_1_with_bearer_auth_and_problem_errors(openapi_document):
    spec = openapi_document
    assert spec["openapi"] == "3.1.0"
    assert spec["components"]["securitySchemes"]["bearerAuth"] == {"type": "http", "scheme": "bearer"}
    assert spec["paths"]["/v1/accounts"]["post"]["security"] == []
    conflict = spec["components"]["responses"]["CONFLICT"]["content"]
    assert list(conflict) == ["application/problem+json"]
    action = spec["paths"]["/v1/games/{game_id}/actions"]["post"]
    assert "Idempotency-Key" in [parameter["name"] for parameter in action["parameters"]]


def test_hanabi_openapi_writes_the_description(tmp_path, capsys, openapi_text):
    target = tmp_path / "openapi.yaml"
    assert main(["openapi", "--output", str(target)]) == 0
    assert target.read_text(encoding="utf-8") == openapi_text


def test_the_app_serves_its_description(client):
    served = client.get("/v1/openapi.json").json
    assert served["openapi"] == "3.1.0" and "/v1/games/{game_id}/view" in served["paths"]


def test_every_operation_has_its_own_operation_id_which_names_the_sdk_function(openapi_document):
    spec = openapi_document
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


def test_the_hanablive_game_is_one_schema_for_both_export_and_import(openapi_document):
    spec = openapi_document
    exported = spec["paths"]["/v1/games/{game_id}/export"]["get"]["responses"]["200"]["content"]["application/json"]
    imported = spec["paths"]["/v1/imports"]["post"]["requestBody"]["content"]["application/json"]
    assert exported["schema"] == imported["schema"] == {"$ref": "#/components/schemas/HanabLiveGame"}


def test_every_schema_of_the_description_is_used(openapi_document):
    """An unused schema would still become a model of the SDK."""
    spec = openapi_document
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


def operations_of(spec):
    for path, item in spec["paths"].items():
        for method, operation in item.items():
            if method in HTTP_METHODS:
                yield f"{method.upper()} {path}", method, operation


def resolved(spec, node):
    while isinstance(node, dict) and "$ref" in node:
        section, name = node["$ref"].removeprefix("#/components/").split("/")
        node = spec["components"][section][name]
    return node


def test_every_operation_declares_the_answers_of_the_checks_before_its_view(openapi_document):
    """401 without a valid token, 403 for a token without the scope, 422 for an unknown query
    parameter, 400/413/415 for a body that is not JSON, too long, or not sent as JSON."""
    spec = openapi_document
    missing = []
    for where, method, operation in operations_of(spec):
        security = operation.get("security", spec["security"])
        needed = {"422"}
        if security != []:
            needed.add("401")
            if any(scopes for requirement in security for scopes in requirement.values()):
                needed.add("403")
        if method in ("post", "put", "patch"):
            needed |= {"400", "413", "415"}
        missing += [f"{where} {status}" for status in sorted(needed - set(operation["responses"]))]
    assert missing == []


def test_every_answer_declares_its_headers_and_problems_their_schema(openapi_document):
    spec = openapi_document
    wrong = []
    for where, _, operation in operations_of(spec):
        idempotent = any(parameter.get("name") == "Idempotency-Key" for parameter in operation.get("parameters", []))
        for status, response in operation["responses"].items():
            response = resolved(spec, response)
            headers = response.get("headers", {})
            content = response.get("content", {})
            expected = {"X-Request-Id"}
            if status in ("401", "403"):
                expected.add("WWW-Authenticate")
            if status in ("429", "503"):
                expected.add("Retry-After")
            if status.startswith("2") and idempotent:
                expected.add("Idempotent-Replayed")
            wrong += [f"{where} {status}: no {name} header" for name in sorted(expected - set(headers))]
            if status == "304" and content:
                wrong.append(f"{where} 304 has a body")
            elif (status.startswith(("4", "5")) or status == "default") and list(content) != [
                "application/problem+json"
            ]:
                wrong.append(f"{where} {status} is not a problem")
    assert wrong == []


def test_the_problem_schema_holds_every_member_the_server_sends(new_player, openapi_document):
    """A strict client (the schema allows no other member) accepts a 403 insufficient_scope,
    a 422 with its errors, and the request id."""
    spec = openapi_document
    problem = spec["components"]["schemas"]["Problem"]
    assert problem["additionalProperties"] is False
    player = new_player()
    narrow = player.post("/v1/tokens", json={"scopes": ["read"]}).json["token"]
    refused = player.post("/v1/games", json={"options": {"players": 2}}, headers={"Authorization": f"Bearer {narrow}"})
    invalid = player.get("/v1/games?colour=red")
    assert (refused.status_code, refused.json["code"], invalid.status_code) == (403, "insufficient_scope", 422)
    assert {"scope", "request_id"} <= set(refused.json) and "errors" in invalid.json
    for answer in (refused.json, invalid.json):
        assert set(answer) - set(problem["properties"]) == set()
        assert set(problem["required"]) <= set(answer)


def test_every_problem_code_the_code_raises_is_in_the_problem_schema(openapi_document):
    """Problem.code is a closed set: a client may switch on it. A code raised anywhere in the
    API, the store, the engine or the arena and missing from PROBLEM_CODES fails here."""
    spec = openapi_document
    declared = set(enum_of(spec, spec["components"]["schemas"]["Problem"]["properties"]["code"]))
    raised = raised_codes()
    assert {code: where for code, where in raised.items() if code not in declared} == {}
    assert "insufficient_scope" in raised and "not_your_turn" in raised and "invalid_json" in raised


CLOSED_SETS = {
    ("View", "status"): {"running", "finished"},
    ("Game", "end_condition"): {"in_progress", "normal", "strikeout", "timeout"},
    ("Seat", "strategy"): {"basic", "hat", None},
    ("Options", "variant"): {"No Variant", "Rainbow (6 Suits)"},
    ("Problem", "code"): {"not_your_turn", "version_conflict"},
}


def test_closed_sets_are_enums(openapi_document):
    spec = openapi_document
    for (schema, name), some in CLOSED_SETS.items():
        assert some <= set(enum_of(spec, spec["components"]["schemas"][schema]["properties"][name])), (schema, name)


def enum_of(spec, definition) -> list:
    """The values a property's schema allows (null included, when it does)."""
    if "anyOf" in definition:
        return [value for member in definition["anyOf"] for value in enum_of(spec, member)]
    definition = resolved(spec, definition)
    return definition.get("enum", [None] if definition.get("type") == "null" else [])


UNIONS = {
    ("ActionRequest", "kind"): {"play", "discard", "color_clue", "rank_clue", "reorder"},
    ("LegalAction", "kind"): {"play", "discard", "color_clue", "rank_clue"},
    ("SeatPlanRequest", "kind"): {"open", "account", "bot"},
    ("TimeControlRequest", "kind"): {"none", "per_turn", "correspondence", "clock"},
    ("HistoryEvent", "kind"): {"play", "discard", "color_clue", "rank_clue", "clue", "reorder", "end_game"},
    ("Event", "type"): {
        *("seat_joined", "seat_left", "game_started", "play", "discard"),
        *("color_clue", "rank_clue", "clue", "reorder", "end_game"),
    },
    ("AccountEvent", "type"): {"stream_started", "invited", "game_started", "your_turn", "game_over", "chat"},
}


def members(spec, union: str) -> dict:
    schemas = spec["components"]["schemas"]
    return {
        kind: schemas[reference.rsplit("/", 1)[1]]
        for kind, reference in schemas[union]["discriminator"]["mapping"].items()
    }


def test_objects_whose_kind_decides_their_fields_are_discriminated_unions(openapi_document):
    """What generators read (oneOf + discriminator, a const kind or type per member), never
    if/then, nor a rule between fields as anyOf (CreateGameRequest's seats and players)."""
    spec = openapi_document
    assert not {"if", "then"} & set(keys(spec))
    assert not {"allOf", "anyOf"} & set(spec["components"]["schemas"]["CreateGameRequest"])
    for (union, key), kinds in UNIONS.items():
        schema = spec["components"]["schemas"][union]
        assert schema["discriminator"]["propertyName"] == key
        assert [member["$ref"] for member in schema["oneOf"]] == list(schema["discriminator"]["mapping"].values())
        assert {kind: member["properties"][key] for kind, member in members(spec, union).items()} == {
            kind: {"type": "string", "const": kind} for kind in kinds
        }


def test_a_legal_action_without_its_seat_is_the_action_request_of_its_kind(openapi_document):
    spec = openapi_document
    requests = members(spec, "ActionRequest")
    for kind, legal in members(spec, "LegalAction").items():
        request = requests[kind]
        assert set(legal["properties"]) - {"seat"} <= set(request["properties"])
        assert set(legal["required"]) - {"seat"} == set(request["required"])
        for name in set(legal["properties"]) - {"seat"}:
            assert legal["properties"][name]["type"] == request["properties"][name]["type"], (kind, name)


def keys(node):
    if isinstance(node, dict):
        for key, value in node.items():
            if key != "properties":
                yield key
            yield from keys(value)
    elif isinstance(node, list):
        for value in node:
            yield from keys(value)
