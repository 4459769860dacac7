"""Challenges: a person (or an app's player) asks an online bot for a game.

A challenge is a lobby game made for it: the challenger seated, a seat reserved for the bot,
the other seats built-in partners. The bot hears of it as an invitation on its event stream
(`invited`, `by` the challenger), as of any reserved seat; it accepts by taking the seat
(`POST /v1/games/{id}/join`, which `hanabi bot` does for every invitation, or
`POST /v1/arena/challenges/{id}/accept`), and the game starts. It declines with
`POST /v1/arena/challenges/{id}/decline`; the challenger may cancel; unanswered, the challenge
expires after HANABI_ARENA_CHALLENGE_SECONDS. A challenge that ends unplayed ends its lobby
game (terminated), so nothing is left waiting.
"""

from dataclasses import dataclass
from datetime import datetime

import psycopg
from psycopg.rows import dict_row

from hanabi.engine import EndCondition, EndGame, GameOptions
from hanabi.store.accounts import Account, find_account
from hanabi.store.errors import Conflict, Forbidden, InvalidRequest, NotFound
from hanabi.store.followups import NO_FOLLOWUPS, Followups
from hanabi.store.games import create_game
from hanabi.store.lobby import LobbyCap
from hanabi.store.moves import make_move
from hanabi.store.records import SeatPlan
from hanabi.store.seats import join_seat
from hanabi.store.transactions import transaction

from .store import active_entry, is_online

STATUSES = ("pending", "accepted", "declined", "expired", "cancelled")


@dataclass(frozen=True)
class Challenge:
    id: int
    game_id: int
    challenger_id: int
    challenger: str
    bot_account_id: int
    bot: str
    status: str
    created_at: datetime
    expires_at: datetime
    answered_at: datetime | None


_SELECT = """SELECT c.id, c.game_id, c.challenger_id, ca.name AS challenger, c.bot_account_id, ba.name AS bot, c.status,
                    c.created_at, c.expires_at, c.answered_at
               FROM arena_challenges c JOIN accounts ca ON ca.id = c.challenger_id
               JOIN accounts ba ON ba.id = c.bot_account_id"""


def create(
    conn: psycopg.Connection,
    challenger: Account,
    bot_name: str,
    game_options: GameOptions,
    *,
    partner: str,
    seat: int,
    seconds: float,
    online_seconds: float,
    lobby_cap: LobbyCap | None,
    followups: Followups = NO_FOLLOWUPS,
) -> Challenge:
    """Challenge the bot `bot_name` to a game of `game_options`, the challenger in `seat`, the
    bot in the next seat, `partner` in the others."""
    bot = find_account(conn, bot_name)
    if bot is None or bot.kind != "bot":
        raise NotFound(f"There is no bot named {bot_name!r}.", "bot_not_found")
    if bot.id == challenger.id:
        raise InvalidRequest("A bot cannot challenge itself.", "cannot_challenge_yourself")
    players = game_options.players
    if not 0 <= seat < players:
        raise InvalidRequest(f"Your seat is one of 0 to {players - 1}, not {seat}.", "invalid_seat")
    if not is_online(conn, bot.id, online_seconds):
        raise Conflict(
            f"{bot.name} is not online: a bot is online while its runner or event stream is connected, "
            "or it polled in the last minute (GET /v1/arena/online lists them).",
            "bot_offline",
        )
    entry = active_entry(conn, bot.id)
    if entry is not None and not entry.plays(players, game_options.variant):
        raise InvalidRequest(
            f"{bot.name} plays {', '.join(map(str, entry.player_counts))} players in "
            f"{', '.join(entry.variants)}; not {players} players in {game_options.variant}.",
            "not_played_by_bot",
        )
    plan = [SeatPlan.bot(partner)] * players
    plan[seat] = SeatPlan.reserved(challenger.id)
    plan[(seat + 1) % players] = SeatPlan.reserved(bot.id)
    with transaction(conn):
        game = create_game(
            conn, game_options, plan, creator_id=challenger.id, lobby_cap=lobby_cap, followups=followups
        ).game
        join_seat(conn, game.id, challenger.id, followups=followups)
        challenge_id = conn.execute(
            """INSERT INTO arena_challenges (game_id, challenger_id, bot_account_id, expires_at)
               VALUES (%s, %s, %s, now() + make_interval(secs => %s)) RETURNING id""",
            (game.id, challenger.id, bot.id, seconds),
        ).fetchone()[0]
    return get(conn, challenge_id)


def get(conn: psycopg.Connection, challenge_id: int, account_id: int | None = None) -> Challenge:
    """The challenge, settled first (accepted once the bot took its seat, expired past its
    time). With `account_id`, only its challenger and its bot may read it."""
    settle(conn, challenge_id)
    row = conn.cursor(row_factory=dict_row).execute(f"{_SELECT} WHERE c.id = %s", (challenge_id,)).fetchone()
    if row is None or (account_id is not None and account_id not in (row["challenger_id"], row["bot_account_id"])):
        raise NotFound(f"There is no challenge {challenge_id} of yours.", "challenge_not_found")
    return Challenge(**row)


def of_account(conn: psycopg.Connection, account_id: int, limit: int = 50) -> list[Challenge]:
    """The account's challenges, made or received, newest first."""
    ids = [
        row[0]
        for row in conn.execute(
            """SELECT id FROM arena_challenges WHERE challenger_id = %s OR bot_account_id = %s
                ORDER BY id DESC LIMIT %s""",
            (account_id, account_id, limit),
        ).fetchall()
    ]
    return [get(conn, challenge_id) for challenge_id in ids]


def settle(conn: psycopg.Connection, challenge_id: int | None = None) -> None:
    """Mark pending challenges whose game left the lobby: accepted when the bot sits in it,
    cancelled otherwise (the challenger ended the lobby game)."""
    conn.execute(
        """UPDATE arena_challenges c
              SET status = CASE WHEN EXISTS (SELECT 1 FROM game_seats s WHERE s.game_id = c.game_id
                                               AND s.account_id = c.bot_account_id)
                                THEN 'accepted' ELSE 'cancelled' END,
                  answered_at = now()
             FROM games g
            WHERE g.id = c.game_id AND c.status = 'pending' AND g.status <> 'lobby'
              AND (%(id)s::bigint IS NULL OR c.id = %(id)s)""",
        {"id": challenge_id},
    )


def accept(
    conn: psycopg.Connection, challenge_id: int, account: Account, *, followups: Followups = NO_FOLLOWUPS
) -> Challenge:
    """The bot takes its seat: the game starts."""
    challenge = _pending(conn, challenge_id, account, bot_only=True, followups=followups)
    with transaction(conn):
        join_seat(conn, challenge.game_id, account.id, followups=followups)
        conn.execute(
            "UPDATE arena_challenges SET status = 'accepted', answered_at = now() WHERE id = %s", (challenge_id,)
        )
    return get(conn, challenge_id)


def decline(
    conn: psycopg.Connection, challenge_id: int, account: Account, *, followups: Followups = NO_FOLLOWUPS
) -> Challenge:
    """The bot declines, or the challenger cancels: the lobby game ends."""
    challenge = _pending(conn, challenge_id, account, bot_only=False, followups=followups)
    status = "declined" if account.id == challenge.bot_account_id else "cancelled"
    _end(conn, challenge, status, followups)
    return get(conn, challenge_id)


def expire_due(conn: psycopg.Connection, limit: int = 100, *, followups: Followups = NO_FOLLOWUPS) -> int:
    """Expire the pending challenges past their time; returns how many."""
    settle(conn)
    due = conn.cursor(row_factory=dict_row).execute(
        f"{_SELECT} WHERE c.status = 'pending' AND c.expires_at < now() ORDER BY c.expires_at LIMIT %s", (limit,)
    )
    expired = 0
    for row in due.fetchall():
        try:
            _end(conn, Challenge(**row), "expired", followups)
            expired += 1
        except Conflict:
            continue
    return expired


def _pending(
    conn: psycopg.Connection, challenge_id: int, account: Account, *, bot_only: bool, followups: Followups
) -> Challenge:
    challenge = get(conn, challenge_id, account.id)
    if bot_only and account.id != challenge.bot_account_id:
        raise Forbidden("Only the challenged bot accepts a challenge.", "not_the_challenged_bot")
    if challenge.status == "pending" and challenge.expires_at < conn.execute("SELECT now()").fetchone()[0]:
        _end(conn, challenge, "expired", followups)
        challenge = get(conn, challenge_id)
    if challenge.status != "pending":
        raise Conflict(f"Challenge {challenge_id} is {challenge.status}, no longer pending.", "challenge_not_pending")
    return challenge


def _end(conn: psycopg.Connection, challenge: Challenge, status: str, followups: Followups) -> None:
    """End the challenge's lobby game and record why, in one transaction; Conflict
    `challenge_not_pending` when it was answered meanwhile."""
    with transaction(conn):
        row = conn.execute("SELECT status FROM arena_challenges WHERE id = %s FOR UPDATE", (challenge.id,)).fetchone()
        game_status = conn.execute(
            "SELECT status FROM games WHERE id = %s FOR UPDATE", (challenge.game_id,)
        ).fetchone()[0]
        if row[0] != "pending" or game_status != "lobby":
            raise Conflict(f"Challenge {challenge.id} was answered meanwhile.", "challenge_not_pending")
        make_move(conn, challenge.game_id, EndGame(-1, EndCondition.TERMINATED), followups=followups)
        conn.execute(
            "UPDATE arena_challenges SET status = %s, answered_at = now() WHERE id = %s", (status, challenge.id)
        )
