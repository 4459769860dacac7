"""hanab.live's variants, 6 players and deck plays through the API."""

import json
import random

import pytest
from hanabi.engine import get_variant
from hanabi.engine.hanablive import import_game

from .conftest import action_body, assert_problem


def test_six_players_play_a_prism_game_with_deck_plays_to_the_end(started_game):
    game_id, players = started_game(players=6, seed="six prism", variant="Prism (5 Suits)", deck_plays=True)
    first = players[0].view(game_id)
    assert [len(hand) for hand in first["hands"]] == [3] * 6
    assert (
        first["clue_colors"] == list(get_variant("Prism (5 Suits)").clue_colors) == ["red", "yellow", "green", "blue"]
    )
    assert first["suits"][-1] == "prism" and first["options"]["deck_plays"] is True
    rng = random.Random(6)
    while True:
        summary = players[0].get(f"/v1/games/{game_id}").json
        if summary["status"] == "finished":
            break
        mover = players[summary["current_seat"]]
        legal = mover.view(game_id)["legal_actions"]
        safe = [a for a in legal if a["kind"] != "play"] or legal
        response = mover.act(game_id, **action_body(rng.choice(safe if rng.random() < 0.7 else legal)))
        assert response.status_code == 200, response.json
    exported = players[0].get(f"/v1/games/{game_id}/export").json
    assert exported["options"]["variant"] == "Prism (5 Suits)" and exported["options"]["deckPlays"] is True
    assert len(exported["players"]) == 6
    final = players[0].get(f"/v1/games/{game_id}").json
    replayed = import_game(exported).state
    assert replayed.score == final["score"]


def test_an_unknown_variant_is_a_short_422(new_player):
    response = new_player().post("/v1/games", json={"options": {"players": 2, "variant": "Mauve (5 Suits)"}})
    body = assert_problem(response, 422, "invalid_request")
    message = body["errors"]["options.variant"][0]
    assert "Mauve" in message and "docs/variants.md" in message and len(message) < 200


def test_seven_players_are_refused(new_player):
    response = new_player().post("/v1/games", json={"options": {"players": 7}})
    assert_problem(response, 422, "invalid_request")


def test_real_hanablive_games_in_variants_import_with_their_score(new_player, fixtures_dir):
    alice = new_player()
    for name, score in [
        ("rainbow_ones_and_pink_3p.json", 25),
        ("rainbow_ones_and_pink_3p_old_shape.json", 25),
        ("omni_ones_and_white_2p.json", 29),
    ]:
        data = json.loads((fixtures_dir / name).read_text())
        response = alice.post("/v1/imports", json=data)
        assert response.status_code == 201, response.json
        assert (response.json["status"], response.json["score"]) == ("finished", score)
        exported = alice.get(f"/v1/games/{response.json['id']}/export").json
        assert exported["options"]["variant"] == data["options"]["variant"]


def test_a_variant_outside_the_catalogue_is_a_problem_on_import(new_player, fixtures_dir):
    data = json.loads((fixtures_dir / "up_or_down_4p.json").read_text())
    data["options"]["variant"] = "Mystery (5 Suits)"
    assert_problem(new_player().post("/v1/imports", json=data), 422, "unknown_variant")


def play_to_the_end(game_id, players, seed):
    """Random legal moves, plays one time in three, until the game ends; each seat's views."""
    rng = random.Random(seed)
    views = []
    while True:
        summary = players[0].get(f"/v1/games/{game_id}").json
        if summary["status"] == "finished":
            return views
        mover = players[summary["current_seat"]]
        legal = mover.view(game_id)["legal_actions"]
        safe = [a for a in legal if a["kind"] != "play"] or legal
        response = mover.act(game_id, **action_body(rng.choice(legal if rng.random() < 0.3 else safe)))
        assert response.status_code == 200, response.json
        views.append(response.json)


def test_clue_starved_views_count_whole_tokens_and_the_half_apart_and_the_game_exports(started_game):
    game_id, players = started_game(players=3, seed="starved api", variant="Clue Starved (6 Suits)")
    views = play_to_the_end(game_id, players, "starved")
    halves = [v for v in views if v["half_clue_token"]]
    assert halves and all(isinstance(v["clue_tokens"], int) for v in views)
    for view in halves:
        assert (
            not any(a["kind"] in ("color_clue", "rank_clue") for a in view["legal_actions"]) or view["clue_tokens"] > 0
        )
    tokens = [v["clue_tokens"] + v["half_clue_token"] / 2 for v in views]
    assert 0.5 in {abs(b - a) for a, b in zip(tokens, tokens[1:])}
    exported = players[0].get(f"/v1/games/{game_id}/export").json
    replayed = import_game(exported).state
    final = players[0].view(game_id)
    assert (replayed.clue_tokens, replayed.half_clue_token) == (final["clue_tokens"], final["half_clue_token"])


def test_sudoku_views_say_which_ranks_play_next_and_the_game_exports(started_game):
    game_id, players = started_game(players=2, seed="sudoku api", variant="Sudoku (4 Suits)")
    first = players[0].view(game_id)
    assert first["next_ranks"] == [[1, 2, 3, 4]] * 4 and first["max_score"] == 16
    views = play_to_the_end(game_id, players, "sudoku")
    for view in views:
        starts = {e["suit"]: e["rank"] for e in reversed(view["history"]) if e["kind"] == "play" and e["success"]}
        for suit, height in enumerate(view["fireworks"]):
            if 0 < height < 4:
                assert view["next_ranks"][suit] == [(starts[suit] - 1 + height) % 4 + 1]
            elif height == 0:
                assert view["next_ranks"][suit] == [r for r in range(1, 5) if r not in starts.values()]
    exported = players[0].get(f"/v1/games/{game_id}/export").json
    assert exported["options"]["variant"] == "Sudoku (4 Suits)"
    assert {card["rank"] for card in exported["deck"]} == {1, 2, 3, 4}
    assert import_game(exported).state.score == players[0].get(f"/v1/games/{game_id}").json["score"]


@pytest.mark.parametrize("variant", ["Throw It in a Hole & Rainbow (5 Suits)", "Cow & Pig (4 Suits)", "Duck (3 Suits)"])
def test_a_game_that_hides_plays_or_clues_is_played_exported_and_imported_whole(started_game, new_player, variant):
    game_id, players = started_game(players=3, seed=f"hidden {variant}", variant=variant)
    play_to_the_end(game_id, players, variant)
    summary = players[0].get(f"/v1/games/{game_id}").json
    final = players[1].view(game_id)
    assert final["score"] == summary["score"] and final["strikes"] is not None
    assert all(e["kind"] != "clue" for e in final["history"]), "a finished game shows every clue's kind"
    assert all(e["value"] is not None for e in final["history"] if e["kind"] in ("color_clue", "rank_clue"))
    assert all(e["suit"] is not None for e in final["history"] if e["kind"] == "play")
    exported = players[0].get(f"/v1/games/{game_id}/export").json
    assert exported["options"]["variant"] == variant
    imported = new_player().post("/v1/imports", json=exported)
    assert imported.status_code == 201, imported.json
    assert (imported.json["status"], imported.json["score"]) == ("finished", summary["score"])
    replayed = players[1].get(f"/v1/games/{imported.json['id']}/view").json
    assert replayed["history"] == [e for e in final["history"] if e["kind"] != "reorder"]
