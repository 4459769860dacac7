"""Games as event logs: create a game, load it (the engine replays its log), append an action.

Every change to a game is an event numbered seq = version + 1, inserted in the same
transaction that bumps `games.version` and rewrites the columns derived from the new state.
Appending is optimistic: the game is read without a lock, and the primary key
(game_id, seq) lets only one of two writers that saw the same version insert its event; the
other gets VersionConflict with the version it lost to. Nothing here knows a rule of Hanabi:
the engine decides whether an action is legal and what state follows.
"""

from collections.abc import Iterable, Iterator
from contextlib import contextmanager
from dataclasses import replace
from datetime import datetime
from typing import NamedTuple

import psycopg
from psycopg.pq import TransactionStatus
from psycopg.rows import dict_row
from psycopg.types.json import Jsonb

from hanabi.engine import (
    Action,
    GameOptions,
    GameState,
    action_from_dict,
    action_to_dict,
    new_game,
    replay,
)

from . import account_events, webhooks
from .deadlines import TimeControl, turn_clock
from .deals import new_deck
from .errors import InvalidRequest, NotFound, VersionConflict
from .followups import NO_FOLLOWUPS, Followups, after_change
from .lobby import LobbyCap, check_lobby_room
from .records import (
    CHANGING_COLUMNS_BUT_SEATS,
    GAME_COLUMNS,
    SEATS_COLUMN,
    Game,
    GameEvent,
    LoadedGame,
    SeatPlan,
    game_from_row,
    with_changing_columns,
)
from .states import STATES, cache_key
from .transactions import Transaction, opened, statement, transaction

_ACTIONS_COLUMN = """
    (SELECT coalesce(jsonb_agg(e.payload ORDER BY e.seq), '[]')
       FROM game_events e
      WHERE e.game_id = g.id AND e.seq > %(after)s AND e.seq <= g.version
        AND e.type NOT IN ('seat_joined', 'seat_left', 'game_started')) AS actions"""
"""The payloads of the game's actions after sequence number `after`, oldest first."""


def create_game(
    conn: psycopg.Connection,
    options: GameOptions,
    seat_plan: Iterable[SeatPlan],
    *,
    creator_id: int | None = None,
    deck: Iterable | None = None,
    seed: str | None = None,
    start_when_full: bool = True,
    time_control: TimeControl = TimeControl(),
    spectators: bool = False,
    deal_secret: str | None = None,
    lobby_cap: LobbyCap | None = None,
    followups: Followups = NO_FOLLOWUPS,
) -> LoadedGame:
    """Create a game in the lobby. The deck is `deck` when given, else the deal that `seed`
    names on this server (keyed with `deal_secret`, default the database's; see `deals`), or a
    random deck when there is no seed. With `start_when_full`, taking the last free
    seat starts the game, and a game whose seats are all bots starts at once. `time_control`
    sets every turn's deadline (see `deadlines`). With `spectators`, accounts without a seat may
    watch the game while it runs. With `lobby_cap`, a game that would wait in the lobby is
    refused when its creator has as many there as the cap allows (`lobby.check_lobby_room`).
    `followups` carry out what the commit sets off (invitations' webhooks; a started game's first
    bot turn, deadline and webhooks: see `followups.after_change`)."""
    plan = list(seat_plan)
    if len(plan) != options.players:
        raise InvalidRequest(
            f"The seat plan has {len(plan)} seats but the game has {options.players} players.", "invalid_seat_plan"
        )
    _check_seat_plan(plan)
    free_seats = sum(1 for entry in plan if entry.kind != "bot")
    try:
        with transaction(conn) as tx:
            if lobby_cap is not None and creator_id is not None and (free_seats or not start_when_full):
                check_lobby_room(conn, creator_id, lobby_cap)
            state = new_game(options, deck if deck is not None else new_deck(conn, options, seed, deal_secret))
            game_id = conn.execute(
                """INSERT INTO games (options, deck, seed, players, creator_id, free_seats, start_when_full,
                                      time_control, spectators)
                   VALUES (%s, %s, %s, %s, %s, %s, %s, %s, %s) RETURNING id""",
                (
                    Jsonb(options.to_dict()),
                    Jsonb([list(card) for card in state.deck]),
                    seed,
                    options.players,
                    creator_id,
                    free_seats,
                    start_when_full,
                    Jsonb(time_control.to_dict()),
                    spectators,
                ),
            ).fetchone()[0]
            conn.cursor().executemany(
                "INSERT INTO game_seats (game_id, seat, reserved_for, bot_strategy) VALUES (%s, %s, %s, %s)",
                [(game_id, seat, entry.account_id, entry.strategy) for seat, entry in enumerate(plan)],
            )
            invitations = [
                (entry.account_id, seat)
                for seat, entry in enumerate(plan)
                if entry.account_id is not None and entry.account_id != creator_id
            ]
            if invitations:
                account_events.record_invitations(conn, game_id, invitations, by=creator_id)
                invited = webhooks.record_invitations(conn, game_id, creator_id)
                if invited:
                    tx.on_commit(lambda: followups.webhook_deliveries(invited))
            loaded = load_game(conn, game_id)
            if free_seats == 0 and start_when_full:
                append_events(
                    conn,
                    loaded.game,
                    [("game_started", None, {})],
                    status="running",
                    state=loaded.state,
                    followups=followups,
                )
                loaded = load_game(conn, game_id)
    except psycopg.errors.ForeignKeyViolation:
        raise InvalidRequest("The game names an account that does not exist.", "account_not_found") from None
    return loaded


def _check_seat_plan(plan: list[SeatPlan]) -> None:
    reserved = [entry.account_id for entry in plan if entry.kind == "reserved"]
    for seat, entry in enumerate(plan):
        valid = (
            (entry.kind == "open" and entry.account_id is None and entry.strategy is None)
            or (entry.kind == "reserved" and entry.account_id is not None and entry.strategy is None)
            or (entry.kind == "bot" and entry.account_id is None and bool(entry.strategy))
        )
        if not valid:
            raise InvalidRequest(
                f"Seat {seat + 1} of the seat plan (counting from 1) is not an open, reserved or bot seat.",
                "invalid_seat_plan",
            )
    if len(set(reserved)) != len(reserved):
        raise InvalidRequest("The seat plan reserves two seats for the same account.", "invalid_seat_plan")


def get_game(conn: psycopg.Connection, game_id: int) -> Game:
    """The game's row and seats, without replaying its log."""
    row = (
        conn.cursor(row_factory=dict_row)
        .execute(f"SELECT {GAME_COLUMNS} FROM games g WHERE g.id = %(id)s", {"id": game_id})
        .fetchone()
    )
    if row is None:
        raise _game_not_found(game_id)
    return game_from_row(row)


def load_game(conn: psycopg.Connection, game_id: int, *, lock: bool = False) -> LoadedGame:
    """The game and its state, rebuilt by the engine from the event log.

    One statement reads the game and the actions it has after the version of the state this
    process last cached for it (all of them the first time); the engine applies them. Once a
    game is cached, that statement leaves out the columns a game never changes (options, deck,
    ...). A state read outside a transaction (committed data only) is cached for the next read.

    `lock` first takes the game's row lock until the end of the caller's transaction (for
    seating changes). The lock is its own statement: a statement that waited for a row lock
    sees the row's new version but reads its subqueries (seats, events) from the snapshot
    taken before the wait, so the game is read by the next statement, which sees it all."""
    if lock and conn.execute("SELECT 1 FROM games WHERE id = %s FOR UPDATE", (game_id,)).fetchone() is None:
        raise _game_not_found(game_id)
    key = cache_key(conn, game_id)
    cached = STATES.get(key)
    loaded = None
    if cached is not None:
        columns = CHANGING_COLUMNS_BUT_SEATS
        if cached.game.status == "lobby":
            columns += "," + SEATS_COLUMN
        row = _game_with_actions(conn, game_id, after=cached.game.version, columns=columns)
        if row["created_at"] == cached.game.created_at and row["version"] >= cached.game.version:
            state = cached.state
            for payload in row["actions"]:
                state = state.apply(action_from_dict(payload))
            loaded = LoadedGame(with_changing_columns(cached.game, row), state)
    if loaded is None:
        row = _game_with_actions(conn, game_id, after=0, columns=GAME_COLUMNS)
        game = game_from_row(row)
        loaded = LoadedGame(
            game, replay(game.options, game.deck, [action_from_dict(payload) for payload in row["actions"]])
        )
    if conn.info.transaction_status == TransactionStatus.IDLE:
        STATES.put(key, loaded)
    return loaded


def _game_with_actions(conn: psycopg.Connection, game_id: int, after: int, columns: str) -> dict:
    row = (
        conn.cursor(row_factory=dict_row)
        .execute(
            f"SELECT {columns}, {_ACTIONS_COLUMN} FROM games g WHERE g.id = %(id)s", {"id": game_id, "after": after}
        )
        .fetchone()
    )
    if row is None:
        raise _game_not_found(game_id)
    return row


def list_events(
    conn: psycopg.Connection, game_id: int, after_seq: int = 0, limit: int | None = None
) -> list[GameEvent]:
    """The game's events with seq > after_seq, oldest first."""
    rows = (
        conn.cursor(row_factory=dict_row)
        .execute(
            """SELECT game_id, seq, type, seat, payload, created_at FROM game_events
               WHERE game_id = %s AND seq > %s ORDER BY seq LIMIT %s""",
            (game_id, after_seq, limit),
        )
        .fetchall()
    )
    if not rows and conn.execute("SELECT 1 FROM games WHERE id = %s", (game_id,)).fetchone() is None:
        raise _game_not_found(game_id)
    return [GameEvent(**row) for row in rows]


def current_version(conn: psycopg.Connection, game_id: int) -> int:
    row = conn.execute("SELECT version FROM games WHERE id = %s", (game_id,)).fetchone()
    if row is None:
        raise _game_not_found(game_id)
    return row[0]


@contextmanager
def game_transaction(
    conn: psycopg.Connection, game_id: int, expected_version: int | None = None
) -> Iterator[Transaction]:
    """A transaction (a savepoint inside the caller's) that writes events of one game: losing
    the race for the next sequence number to a concurrent writer raises VersionConflict."""
    with _version_conflicts(conn, game_id, expected_version), transaction(conn) as tx:
        yield tx


@contextmanager
def game_statement(
    conn: psycopg.Connection, game_id: int, expected_version: int | None = None
) -> Iterator[Transaction]:
    """Like `game_transaction`, for work that writes with a single statement (see `transactions.statement`)."""
    with _version_conflicts(conn, game_id, expected_version), statement(conn) as tx:
        yield tx


@contextmanager
def _version_conflicts(conn: psycopg.Connection, game_id: int, expected_version: int | None) -> Iterator[None]:
    try:
        yield
    except psycopg.errors.UniqueViolation as error:
        if error.diag.constraint_name != "game_events_pkey":
            raise
        raise VersionConflict(game_id, current_version(conn, game_id), expected_version) from None


_APPEND_EVENTS = f"""
    WITH changed AS (
        UPDATE games
           SET version = %(new_version)s, status = %(status)s, free_seats = %(free_seats)s,
               turn = %(turn)s, current_seat = %(current_seat)s, score = %(score)s,
               turn_account_id = (SELECT account_id FROM game_seats
                                   WHERE game_id = %(id)s AND seat = %(current_seat)s),
               end_condition = %(end_condition)s, updated_at = coalesce(%(clock_read_at)s::timestamptz, now()),
               deadline = %(deadline)s, clock_banks = %(banks)s,
               turn_started_at = CASE WHEN %(status)s <> 'running' THEN NULL
                                      WHEN status <> 'running' OR turn <> %(turn)s
                                           THEN coalesce(%(clock_read_at)s::timestamptz, now())
                                      ELSE turn_started_at END
         WHERE id = %(id)s AND version = %(version)s AND created_at = %(created_at)s
     RETURNING updated_at, deadline, turn_started_at
    ), events AS (
        INSERT INTO game_events (game_id, seq, type, seat, payload, created_at)
        SELECT %(id)s, %(version)s + e.position, e.event->>0, (e.event->>1)::smallint, e.event->2,
               coalesce(%(clock_read_at)s::timestamptz, now())
          FROM changed
         CROSS JOIN jsonb_array_elements(%(events)s) WITH ORDINALITY AS e(event, position)
    ), deliveries AS (
        {webhooks.outbox_insert("changed")}
    )
    SELECT updated_at, deadline, turn_started_at, ARRAY(SELECT id FROM deliveries ORDER BY id) FROM changed"""
"""One statement for a change of a game: the derived columns (only while the game is at the
version the change was made from: its id and creation time name the game even for a state
cached by a process that outlived a database), its events and its webhook deliveries, all or
nothing. A change whose deadline was computed from the database's clock (`clock_read_at`) is
dated by that reading, so the event's time, the game's `updated_at` and the turn's start are
one instant, as they are with `now()` otherwise. The events come as one JSON array of [type, seat,
payload], one parameter rather than three arrays."""


def append_events(
    conn: psycopg.Connection,
    game: Game,
    events: list[tuple[str, int | None, dict]],
    *,
    status: str,
    state: GameState,
    free_seats: int | None = None,
    followups: Followups = NO_FOLLOWUPS,
) -> Game:
    """Insert `events` (type, seat, payload) after `game.version` and rewrite the derived
    columns from `state`, in one statement, and register what follows the change on the
    transaction (`followups.after_change`). For use by the store's modules, inside
    `game_transaction` or `game_statement`. Returns the game as it is now; raises
    VersionConflict when the game is no longer at `game.version`."""
    written = write_change(conn, game, events, status, state, free_seats)
    if written is None:
        raise VersionConflict(game.id, current_version(conn, game.id))
    after_change(opened(conn), followups, written.game, written.delivery_ids)
    return written.game


class Change(NamedTuple):
    game: Game
    """The game after the change."""
    delivery_ids: list[int]
    """The webhook deliveries the change recorded."""


def write_change(
    conn: psycopg.Connection,
    game: Game,
    events: list[tuple[str, int | None, dict]],
    status: str,
    state: GameState,
    free_seats: int | None = None,
) -> Change | None:
    """Insert `events` after `game.version` and rewrite the derived columns from `state`, the
    turn's deadline and the webhook deliveries (`_APPEND_EVENTS`); None, with nothing written,
    when the game is no longer at `game.version`."""
    new_version = game.version + len(events)
    free_seats = game.free_seats if free_seats is None else free_seats
    current_seat = state.current_seat if status == "running" else None
    deadline, banks, clock_read_at = _turn_deadline(conn, game, status, state)
    after = replace(
        game,
        version=new_version,
        status=status,
        free_seats=free_seats,
        turn=state.turn,
        current_seat=current_seat,
        score=state.score,
        end_condition=state.end_condition.label,
        clock_banks=banks,
    )
    row = conn.execute(
        _APPEND_EVENTS,
        {
            "id": game.id,
            "version": game.version,
            "created_at": game.created_at,
            "new_version": new_version,
            "status": status,
            "free_seats": free_seats,
            "turn": state.turn,
            "current_seat": current_seat,
            "score": state.score,
            "end_condition": state.end_condition.label,
            "deadline": deadline,
            "banks": Jsonb(list(banks)) if banks is not None else None,
            "clock_read_at": clock_read_at,
            "events": Jsonb(events),
            **webhooks.outbox_parameters(game, after),
        },
    ).fetchone()
    if row is None:
        return None
    updated_at, deadline, turn_started_at, delivery_ids = row
    return Change(
        replace(after, updated_at=updated_at, deadline=deadline, turn_started_at=turn_started_at), delivery_ids
    )


def _turn_deadline(
    conn: psycopg.Connection, game: Game, status: str, state: GameState
) -> tuple[datetime | None, tuple[float, ...] | None, datetime | None]:
    """The deadline and clock banks after a change from `game` to `state`, and the database's
    time they were computed from (None when they were not): unchanged within a turn (a
    reorder, a seating change), recomputed when a turn begins, none once not running."""
    if status != "running" or game.time_control.kind == "none":
        return None, game.clock_banks, None
    if game.status == "running" and game.turn == state.turn:
        return game.deadline, game.clock_banks, None
    now = conn.execute("SELECT now()").fetchone()[0]
    was_running = game.status == "running"
    clock = turn_clock(
        game.time_control,
        now=now,
        players=game.options.players,
        banks=list(game.clock_banks) if game.clock_banks is not None else None,
        previous_seat=game.current_seat if was_running else None,
        previous_turn_started_at=game.turn_started_at if was_running else None,
        next_seat=state.current_seat,
    )
    return clock.deadline, tuple(clock.banks) if clock.banks is not None else None, now


def import_finished_game(
    conn: psycopg.Connection,
    options: GameOptions,
    deck: Iterable,
    actions: Iterable[Action],
    *,
    player_names: Iterable[str],
    seed: str | None = None,
    creator_id: int | None = None,
) -> LoadedGame:
    """Record a game played elsewhere (e.g. imported from hanab.live): its seats hold no
    accounts, its events are its actions, and it is finished. The engine replays the actions
    first; a game that is not over is refused with InvalidRequest `game_not_finished`."""
    actions = list(actions)
    names = list(player_names)
    state = replay(options, deck, actions)
    if not state.is_over:
        raise InvalidRequest(
            f"The game is not over after its {len(actions)} actions; only finished games can be imported.",
            "game_not_finished",
        )
    with transaction(conn):
        game_id = conn.execute(
            """INSERT INTO games (options, deck, seed, players, creator_id, free_seats, player_names)
               VALUES (%s, %s, %s, %s, %s, 0, %s) RETURNING id""",
            (
                Jsonb(options.to_dict()),
                Jsonb([list(card) for card in state.deck]),
                seed,
                options.players,
                creator_id,
                Jsonb(names),
            ),
        ).fetchone()[0]
        conn.cursor().executemany(
            "INSERT INTO game_seats (game_id, seat) VALUES (%s, %s)",
            [(game_id, seat) for seat in range(options.players)],
        )
        game = load_game(conn, game_id).game
        events = [(action.kind, action.seat, action_to_dict(action)) for action in actions]
        game = append_events(conn, game, events, status="finished", state=state)
    return LoadedGame(game, state)


def _game_not_found(game_id: int) -> NotFound:
    return NotFound(f"There is no game {game_id}.", "game_not_found")
