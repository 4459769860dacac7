"""`hanabi bot` with scoped tokens: it plays with a token of `read` and `play` only, says when
its token could do more, and stops with a clear message when a scope it needs is missing."""

from hanabi_client.api.tokens import create_token
from hanabi_client.models import TokenRequest

from .test_bot_runner import assert_export_replays_to, finish, run_bot, seated_game


def narrow_token(client, scopes: list[str]) -> str:
    token = create_token.sync(client=client, body=TokenRequest(scopes=scopes))
    assert token.scopes == scopes, token
    return token.token


def test_runners_with_read_and_play_tokens_play_a_game_to_the_end(api_url, new_account):
    game_id, seats = seated_game(new_account, 2)
    (_, first_client), (_, second_client) = seats
    bots = [
        run_bot(api_url, narrow_token(first_client, ["read", "play"]), "--game", str(game_id), "--wait", "5"),
        run_bot(
            api_url, narrow_token(second_client, ["read", "play", "webhooks"]), "--game", str(game_id), "--wait", "5"
        ),
    ]
    logs = finish(bots)
    assert_export_replays_to(first_client, game_id)
    assert "may also" not in logs[0]
    assert "this token may also webhooks; a bot needs only read and play" in logs[1]


def test_a_runner_whose_token_cannot_play_stops_and_says_why(api_url, new_account):
    game_id, seats = seated_game(new_account, 2)
    bot = run_bot(api_url, narrow_token(seats[0][1], ["read"]), "--game", str(game_id), "--wait", "5")
    _, log = bot.communicate(timeout=60)
    assert bot.returncode != 0
    assert "the token lacks the scope play" in log
