"""Requests generated from the API's own description (valid ones and deliberately invalid
ones): no 5xx, and every response, success or problem, conforms to the description.

Two liberties with the description: the bearer token is sent by the test (so the generator
does not spend its requests on missing tokens, which tests elsewhere cover), and
schemathesis's check that schema-valid data is never a 422 is left out: the API answers 422
for requests that are well formed but that the game never allows (a seat the game does not
have, a clue to oneself), which a schema cannot express."""

import pytest
import schemathesis
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from schemathesis.generation import GenerationMode
from schemathesis.specs.openapi.checks import positive_data_acceptance

from hanabi.api.openapi import openapi_spec


def operations(app):
    spec = openapi_spec()
    spec.pop("security")
    schema = schemathesis.openapi.from_dict(spec)
    schema.app = app
    return [result.ok() for result in schema.get_all_operations()]


@pytest.mark.parametrize("mode", [GenerationMode.POSITIVE, GenerationMode.NEGATIVE], ids=lambda mode: mode.value)
def test_generated_requests_get_no_5xx_and_conforming_responses(app, new_player, started_game, mode):
    issuer = new_player(prefix="issuer")
    game_id, _ = started_game()
    strategy = st.one_of([operation.as_strategy(generation_mode=mode) for operation in operations(app)])

    @given(case=strategy, known_game=st.booleans())
    @settings(max_examples=400, deadline=None, suppress_health_check=list(HealthCheck), database=None)
    def check(case, known_game):
        if mode is GenerationMode.POSITIVE and known_game and "game_id" in (case.path_parameters or {}):
            case.path_parameters["game_id"] = game_id
        if case.query and type(case.query.get("wait")) is int:
            case.query["wait"] = min(case.query["wait"], 1)  # a long poll would hold each example up to 60 s
        token = issuer.post("/v1/tokens").json["token"]  # fresh: a generated DELETE /v1/tokens/current revokes only it
        case.call_and_validate(headers={"Authorization": f"Bearer {token}"}, excluded_checks=[positive_data_acceptance])

    check()
