"""A simple Hanabi bot built on the generated SDK (`hanabi_client`): it creates or joins a game
and plays its seat to the end.

    python simple_bot.py --url http://127.0.0.1:8000 --name my-bot --create 2   # new account, new game
    python simple_bot.py --url http://127.0.0.1:8000 --token hnb_... --game 7   # join game 7

Each turn, from its own view, it:
1. plays a card its clues prove playable;
2. else clues a teammate's playable card that the teammate does not know is playable;
3. else discards its oldest card that no clue touched;
4. else takes any legal clue or discard (a play only if nothing else is legal).
"""

import argparse
import time

from hanabi_client import AuthenticatedClient, Client
from hanabi_client.api.accounts import create_account, get_my_account
from hanabi_client.api.games import create_game, get_game, join_game
from hanabi_client.api.play import act, get_view
from hanabi_client.models import (
    AccountRequest,
    CreateGameRequest,
    Game,
    HandCard,
    OptionsRequest,
    Problem,
    View,
)
from hanabi_client.session import LegalAction, action_request
from hanabi_client.types import UNSET


class ApiError(Exception):
    """The server answered with a problem (RFC 9457): `code` is stable, `detail` is for people."""

    def __init__(self, problem: Problem):
        super().__init__(f"{problem.status} {problem.code}: {problem.detail}")
        self.code = problem.code


def ok(answer):
    """The parsed answer of an SDK call, or ApiError if it is a problem."""
    if isinstance(answer, Problem):
        raise ApiError(answer)
    return answer


# ---- the strategy: a view in, one of its legal actions out -----------------------------------


def is_playable(suit: int, rank: int, fireworks: list[int]) -> bool:
    return fireworks[suit] == rank - 1


def known_playable(card: HandCard, fireworks: list[int]) -> bool:
    """Whether the card's holder knows it is playable: every identity its clues leave is."""
    return all(is_playable(suit, rank, fireworks) for suit in card.possible_suits for rank in card.possible_ranks)


def choose_action(view: View) -> LegalAction:
    legal = view.legal_actions
    my_hand = view.hands[view.seat]

    for card in my_hand:
        if known_playable(card, view.fireworks):
            return next(a for a in legal if a.kind == "play" and a.card == card.id)

    players = len(view.hands)
    for target in (view.seat + offset for offset in range(1, players)):
        target %= players
        for card in view.hands[target]:
            if is_playable(card.suit, card.rank, view.fireworks) and not known_playable(card, view.fireworks):
                clue = clue_about(card, target, view)
                if clue:
                    return clue

    unclued = [card for card in my_hand if not card.clues]
    if unclued:
        oldest = unclued[-1]  # the newest card is at the left, index 0
        discard = next((a for a in legal if a.kind == "discard" and a.card == oldest.id), None)
        if discard:
            return discard

    return next((a for a in legal if a.kind != "play"), legal[0])


def clue_about(card: HandCard, target: int, view: View) -> LegalAction | None:
    """A legal clue to `target` that tells it something new about `card`: its rank, else its color."""
    rank_is_news = len(card.possible_ranks) > 1
    color_is_news = len(card.possible_suits) > 1
    for action in view.legal_actions:
        if action.kind not in ("rank_clue", "color_clue") or action.target != target:
            continue
        if action.kind == "rank_clue" and action.rank == card.rank and rank_is_news:
            return action
        if action.kind == "color_clue" and view.clue_colors[action.color] == view.suits[card.suit] and color_is_news:
            return action
    return None


# ---- talking to the server -------------------------------------------------------------------


def join(client: AuthenticatedClient, game_id: int, my_name: str) -> int:
    """Takes a seat (or finds the one this account already has); returns the seat."""
    try:
        game = ok(join_game.sync(game_id, client=client))
    except ApiError as error:
        if error.code != "already_seated":
            raise
        game = ok(get_game.sync(game_id, client=client))
    return next(seat.seat for seat in game.seats if seat.account == my_name)


def wait_for_start(client: AuthenticatedClient, game_id: int, poll: float) -> Game:
    while True:
        game = ok(get_game.sync(game_id, client=client))
        if game.status != "lobby":
            return game
        time.sleep(poll)


def play(client: AuthenticatedClient, game_id: int, poll: float) -> View:
    """Plays this account's seat until the game is over; returns the final view."""
    etag = None
    while True:
        response = get_view.sync_detailed(game_id, client=client, if_none_match=etag or UNSET)
        if response.status_code == 304:  # nothing happened since the last look
            time.sleep(poll)
            continue
        view = ok(response.parsed)
        etag = response.headers["ETag"]
        if view.is_over:
            return view
        if view.current_seat != view.seat:
            time.sleep(poll)
            continue
        action = choose_action(view)
        ok(
            act.sync(
                game_id,
                client=client,
                body=action_request(action, view.version),  # 409 version_conflict if the game moved on
                idempotency_key=f"game-{game_id}-version-{view.version}",  # a retry is safe
            )
        )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--url", default="http://127.0.0.1:8000", help="the server (without /v1)")
    who = parser.add_mutually_exclusive_group(required=True)
    who.add_argument("--token", help="an API token of an existing account")
    who.add_argument("--name", help="create a bot account with this name")
    what = parser.add_mutually_exclusive_group(required=True)
    what.add_argument("--game", type=int, help="the id of a game to join")
    what.add_argument("--create", type=int, metavar="PLAYERS", help="create a game for this many players")
    parser.add_argument("--seed", help="with --create: the deck's seed")
    parser.add_argument("--poll", type=float, default=0.2, help="seconds between looks while waiting")
    args = parser.parse_args()

    if args.name:
        with Client(args.url) as anonymous:
            account = ok(create_account.sync(client=anonymous, body=AccountRequest(name=args.name, kind="bot")))
        print(f"account {account.name}, token {account.token}", flush=True)
        token = account.token
    else:
        token = args.token

    with AuthenticatedClient(args.url, token=token) as client:
        my_name = ok(get_my_account.sync(client=client)).name
        if args.create:
            request = CreateGameRequest(options=OptionsRequest(players=args.create))
            if args.seed:
                request.seed = args.seed
            game_id = ok(create_game.sync(client=client, body=request)).id
        else:
            game_id = args.game
        seat = join(client, game_id, my_name)
        print(f"game {game_id}: {my_name} sits at seat {seat}", flush=True)
        wait_for_start(client, game_id, args.poll)
        final = play(client, game_id, args.poll)
        print(f"game {game_id} over: score {final.score} ({final.end_condition})", flush=True)


if __name__ == "__main__":
    main()
