from .conftest import action_body


def test_my_games_newest_first_are_the_games_i_sit_in(new_player, started_game):
    running, (alice, bob) = started_game()
    lobby = alice.post("/v1/games", json={"options": {"players": 3}}).json["id"]
    alice.post(f"/v1/games/{lobby}/join")
    bob.post("/v1/games", json={"options": {"players": 2}})

    newest = "/v1/me/games?order=newest"
    assert [game["id"] for game in alice.get(newest).json["items"]] == [lobby, running]
    assert [game["id"] for game in alice.get(f"{newest}&status=running").json["items"]] == [running]
    first_page = alice.get(f"{newest}&limit=1").json
    assert [game["id"] for game in first_page["items"]] == [lobby]
    second_page = alice.get(f"{newest}&limit=1&cursor={first_page['next_cursor']}").json
    assert [game["id"] for game in second_page["items"]] == [running]
    assert [game["id"] for game in bob.get("/v1/me/games").json["items"]] == [running]


def test_my_turn_lists_the_games_waiting_for_me_longest_waiting_first(new_player):
    me, other = new_player(), new_player()
    games = []
    for _ in range(3):
        game_id = me.post("/v1/games", json={"options": {"players": 2}}).json["id"]
        other.post(f"/v1/games/{game_id}/join", json={"seat": 0})
        me.post(f"/v1/games/{game_id}/join")
        games.append(game_id)
    assert [game["id"] for game in me.get("/v1/me/turn").json["items"]] == []
    assert [game["id"] for game in other.get("/v1/me/turn").json["items"]] == games

    for game_id in games[::-1]:
        other.act(game_id, **action_body(other.view(game_id)["legal_actions"][0]))
    turn = me.get("/v1/me/turn").json
    assert [game["id"] for game in turn["items"]] == games[::-1] and turn["next_cursor"] is None
    assert other.get("/v1/me/turn").json["items"] == []

    first = games[-1]
    me.act(first, kind="reorder", cards=[c["id"] for c in me.view(first)["hands"][1]][::-1])
    assert [game["id"] for game in me.get("/v1/me/turn").json["items"]] == games[::-1]
