"""Complete games against the real server over HTTP, through the generated SDK only: one
account, token and client per seat, each seat deciding from its own view."""

import random
import uuid

import pytest
from hanabi.engine.hanablive import import_game, outcome
from hanabi_client import AuthenticatedClient
from hanabi_client.api.games import create_game, get_game, join_game
from hanabi_client.api.hanablive import export_game
from hanabi_client.api.play import act, get_view
from hanabi_client.models import (
    CreateGameRequest,
    DiscardRequest,
    Game,
    HanabLiveGame,
    HandCard,
    OptionsRequest,
    Problem,
    View,
)
from hanabi_client.session import LegalAction, action_request


def start_game(new_account, players: int, seed: str) -> tuple[int, dict[int, AuthenticatedClient], dict[int, str]]:
    """Creates a game and seats one new account per seat; returns the game id, and each seat's
    client and account name."""
    accounts = [new_account(prefix=f"p{players}") for _ in range(players)]
    request = CreateGameRequest(options=OptionsRequest(players=players), seed=seed)
    game = create_game.sync(client=accounts[0][1], body=request)
    assert isinstance(game, Game), game
    assert game.status == "lobby"
    for _, client in accounts:
        game = join_game.sync(game.id, client=client)
        assert isinstance(game, Game), game
    assert game.status == "running"
    client_of = {account.name: client for account, client in accounts}
    clients = {seat.seat: client_of[seat.account] for seat in game.seats}
    names = {seat.seat: seat.account for seat in game.seats}
    return game.id, clients, names


def known_playable(card: HandCard, fireworks: list[int]) -> bool:
    return all(fireworks[suit] == rank - 1 for suit in card.possible_suits for rank in card.possible_ranks)


def choose(view: View, rng: random.Random) -> LegalAction:
    """Plays a card its clues prove playable, else a seeded random clue or discard."""
    own = {card.id: card for card in view.hands[view.seat]}
    for action in view.legal_actions:
        if action.kind == "play" and known_playable(own[action.card], view.fireworks):
            return action
    others = [action for action in view.legal_actions if action.kind != "play"]
    return rng.choice(others or view.legal_actions)


def assert_shows_others_but_not_own_cards(view: View) -> None:
    for seat, hand in enumerate(view.hands):
        identities = [(card.suit, card.rank) for card in hand]
        if seat == view.seat:
            assert all(identity == (None, None) for identity in identities), f"seat {seat} sees its own cards"
        else:
            assert all(None not in identity for identity in identities)


@pytest.mark.parametrize("players", [2, 5])
def test_a_complete_game_played_through_the_sdk_ends_with_the_score_the_engine_replays(new_account, players):
    seed = f"sdk-{players}p-{uuid.uuid4().hex[:6]}"
    game_id, clients, names = start_game(new_account, players, seed)
    rng = random.Random(seed)
    actions_taken = 0
    while True:
        views = {seat: get_view.sync(game_id, client=client) for seat, client in clients.items()}
        for seat, view in views.items():
            assert isinstance(view, View), view
            assert view.seat == seat
        if views[0].is_over:
            break
        assert len({(view.version, view.current_seat) for view in views.values()}) == 1
        for view in views.values():
            assert view.status == "running"
            assert_shows_others_but_not_own_cards(view)
        mover = views[0].current_seat
        action = choose(views[mover], rng)
        after = act.sync(game_id, client=clients[mover], body=action_request(action, views[mover].version))
        assert isinstance(after, View), after
        assert after.version == views[mover].version + 1
        if after.status == "running":
            assert_shows_others_but_not_own_cards(after)
        actions_taken += 1
        assert actions_taken < 200, "the game does not end"

    final = views[0]
    summary = get_game.sync(game_id, client=clients[0])
    assert isinstance(summary, Game), summary
    assert summary.status == "finished" and summary.end_condition != "in_progress"
    assert summary.turn == actions_taken
    for view in views.values():
        assert all(card.suit is not None and card.rank is not None for hand in view.hands for card in hand)

    export = export_game.sync(game_id, client=clients[1])
    assert isinstance(export, HanabLiveGame), export
    assert export.players == [names[seat] for seat in range(players)]
    assert len(export.actions) == actions_taken
    assert outcome(import_game(export.to_dict()).state) == {
        "score": summary.score,
        "fireworks": final.fireworks,
        "strikes": final.strikes,
        "clue_tokens": final.clue_tokens,
        "turns": summary.turn,
        "end_condition": summary.end_condition,
    }


def test_an_out_of_turn_action_is_a_readable_problem_and_changes_nothing(new_account):
    game_id, clients, _ = start_game(new_account, 2, "sdk-not-your-turn")
    before = get_view.sync(game_id, client=clients[1])
    waiting = 1 - before.current_seat
    own_card = get_view.sync(game_id, client=clients[waiting]).hands[waiting][0].id

    response = act.sync_detailed(game_id, client=clients[waiting], body=DiscardRequest(kind="discard", card=own_card))

    assert response.status_code == 409
    problem = response.parsed
    assert isinstance(problem, Problem)
    assert problem.code == "not_your_turn"
    assert problem.detail == (
        f"It is not your turn: seat {before.current_seat + 1} is to move, and you are seat {waiting + 1} "
        "(counting seats from 1)."
    )
    assert get_view.sync(game_id, client=clients[1]).version == before.version


def test_a_stale_expected_version_is_a_version_conflict_naming_the_current_version(new_account):
    game_id, clients, _ = start_game(new_account, 2, "sdk-version-conflict")
    first = get_view.sync(game_id, client=clients[0])
    mover = first.current_seat
    seen = get_view.sync(game_id, client=clients[mover])
    after = act.sync(game_id, client=clients[mover], body=action_request(seen.legal_actions[-1], seen.version))
    assert isinstance(after, View), after
    next_mover = after.current_seat
    stale = get_view.sync(game_id, client=clients[next_mover])

    problem = act.sync(game_id, client=clients[next_mover], body=action_request(stale.legal_actions[-1], seen.version))

    assert isinstance(problem, Problem), problem
    assert (problem.status, problem.code, problem.current_version) == (409, "version_conflict", after.version)


def test_a_retry_with_the_same_idempotency_key_returns_the_first_view_and_acts_once(new_account):
    game_id, clients, _ = start_game(new_account, 2, "sdk-idempotency")
    mover = get_view.sync(game_id, client=clients[0]).current_seat
    seen = get_view.sync(game_id, client=clients[mover])
    body = action_request(seen.legal_actions[-1], seen.version)

    first = act.sync_detailed(game_id, client=clients[mover], body=body, idempotency_key="t1")
    retry = act.sync_detailed(game_id, client=clients[mover], body=body, idempotency_key="t1")

    assert first.status_code == retry.status_code == 200
    assert retry.headers.get("Idempotent-Replayed") == "true"
    assert retry.parsed == first.parsed
    assert get_view.sync(game_id, client=clients[mover]).version == seen.version + 1


def test_the_view_etag_lets_a_polling_bot_skip_unchanged_views(new_account):
    game_id, clients, _ = start_game(new_account, 2, "sdk-etag")
    response = get_view.sync_detailed(game_id, client=clients[0])
    etag = response.headers["ETag"]
    assert etag == f'"{response.parsed.version}"'

    unchanged = get_view.sync_detailed(game_id, client=clients[0], if_none_match=etag)

    assert unchanged.status_code == 304 and unchanged.parsed is None


def test_a_wrong_token_is_an_unauthorized_problem(api_url, new_account):
    game_id, _, _ = start_game(new_account, 2, "sdk-unauthorized")
    with AuthenticatedClient(api_url, token="hnb_not-a-token") as stranger:
        problem = get_view.sync(game_id, client=stranger)

    assert isinstance(problem, Problem), problem
    assert (problem.status, problem.code) == (401, "unauthorized")
