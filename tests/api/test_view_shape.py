"""The view over real HTTP is the engine's view: GET /view's JSON is `View.to_dict()` of the view
the engine builds offline for the same seat at the same turn, reads back into the same `View`
and into the SDK's model, and its history names events as /events does."""

import random
import uuid

import httpx
import pytest
from hanabi.bots import basic
from hanabi.engine import VIEW_FIELDS, action_to_dict, state_at_turn, view, view_from_dict
from hanabi.engine.hanablive import import_game
from hanabi_client.models import View as SdkView

ACTION_EVENTS = {"play", "discard", "color_clue", "rank_clue", "clue", "reorder", "end_game"}


def account(base_url: str) -> httpx.Client:
    name = f"player-{uuid.uuid4().hex[:10]}"
    created = httpx.post(f"{base_url}/v1/accounts", json={"name": name, "kind": "bot"})
    assert created.status_code == 201, created.text
    return httpx.Client(base_url=f"{base_url}/v1", headers={"Authorization": f"Bearer {created.json()['token']}"})


@pytest.mark.parametrize("variant", ["No Variant", "Duck (4 Suits)", "Throw It in a Hole (4 Suits)"])
def test_the_api_view_is_the_engines_view_turn_by_turn(live_server, variant):
    players = [account(live_server) for _ in range(3)]
    created = players[0].post("/games", json={"options": {"players": 3, "variant": variant}})
    assert created.status_code == 201, created.text
    game_id = created.json()["id"]
    for player in players:
        assert player.post(f"/games/{game_id}/join").status_code == 200
    seen, rng = [], random.Random(variant)
    while True:
        current = players[0].get(f"/games/{game_id}").json()
        if current["status"] != "running":
            break
        mover = players[current["current_seat"]]
        data = mover.get(f"/games/{game_id}/view").json()
        engine_view = view_from_dict(data)
        assert engine_view.to_dict() == data
        assert set(data) == set(VIEW_FIELDS)
        assert SdkView.from_dict(data).to_dict() == data
        events = mover.get(f"/games/{game_id}/events?limit=500").json()["events"]
        assert [e["type"] for e in events if e["type"] in ACTION_EVENTS] == [e["kind"] for e in data["history"]]
        seen.append(data)
        action = {k: v for k, v in action_to_dict(basic.choose(engine_view, rng)).items() if k != "seat"}
        posted = mover.post(f"/games/{game_id}/actions", json={**action, "expected_version": data["version"]})
        assert posted.status_code == 200, posted.text

    exported = players[0].get(f"/games/{game_id}/export").json()
    game = import_game(exported)
    for data in seen:
        state, _ = state_at_turn(game.options, game.state.deck, game.actions, data["turn"])
        offline = view(state, data["seat"], game_id=game_id, version=data["version"], status="running")
        assert offline.to_dict() == data
    if variant.startswith("Duck"):
        assert any(e["kind"] == "clue" for data in seen for e in data["history"]), "a Duck clue hides its kind"
    final = players[1].get(f"/games/{game_id}/view").json()
    assert final["status"] == "finished" and all(e["kind"] != "clue" for e in final["history"])
