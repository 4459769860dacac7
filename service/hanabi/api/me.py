"""The caller's games (its inbox: those waiting on it first; invitations included), those
waiting for its move, its vacation, and its event stream."""

import time
from collections.abc import Callable, Iterator
from datetime import UTC, datetime

import marshmallow as ma
import orjson
from flask import Response, current_app, request, stream_with_context
from flask.views import MethodView
from marshmallow import RAISE, fields, validate

from hanabi.store.account_events import (
    ACCOUNT_EVENT_TYPES,
    AccountEvent,
    account_events_after,
    last_account_event_id,
)
from hanabi.store.accounts import account_names
from hanabi.store.inbox import SECTIONS, inbox
from hanabi.store.lobby import MAX_PAGE, games_awaiting_move, games_of_account
from hanabi.store.records import Game
from hanabi.store.vacations import end_vacation, paused_turns_of, start_vacation, vacation

from .arena import seen
from .context import current_account, db, listen_conninfo, release_db
from .docs import problems
from .errors import Problem
from .games import game_page
from .inputs import Blueprint
from .instrumentation import request_started
from .notifications import (
    RECHECK_SECONDS,
    WaitSeconds,
    account_key,
    listener_for,
    long_poll,
    turn_key,
    wait_jitter_of,
)
from .present import decode_cursor, encode_cursor, game_summary, names_for
from .schemas import COMPONENT, DEFAULT_PAGE, OneOfKinds, StrictSchema
from .schemas.games import GamePageSchema, GameSchema, PageQuerySchema
from .scopes import requires

blp = Blueprint("me", __name__, url_prefix="/v1/me", description="Your games")


class TurnQuerySchema(StrictSchema):
    limit = fields.Integer(load_default=DEFAULT_PAGE, validate=validate.Range(1, MAX_PAGE))
    wait = WaitSeconds()


VACATION_DAYS_EXTENSION = "hanabi_vacation_days"
ORDERS = ("inbox", "newest")


class MyGamesQuerySchema(PageQuerySchema):
    order = fields.String(
        load_default="inbox",
        validate=validate.OneOf(ORDERS),
        metadata={
            "description": "inbox (default): waiting on you first, by time left; then invitations, your lobby "
            "games, games waiting on others, your finished games. newest: newest game first"
        },
    )


class InboxSchema(ma.Schema):
    section = fields.String(
        required=True,
        validate=validate.OneOf(SECTIONS),
        metadata={
            "description": "your_turn: waits on you; invited: a seat is reserved for you; lobby: you sit in it, "
            "it has not started; their_turn: waits on someone else; finished"
        },
    )
    seconds_left = fields.Integer(
        required=True,
        allow_none=True,
        metadata={
            "description": "A running game with a deadline: whole seconds until the current turn's time runs out "
            "(a turn paused by a vacation: the time it will have); null when the turn has no deadline"
        },
    )
    paused = fields.Boolean(required=True, metadata={"description": "The current turn is paused by a vacation"})
    your_seat = fields.Integer(
        required=True, allow_none=True, metadata={"description": "Your seat (from 0); the reserved one if invited"}
    )


class MyGameSchema(GameSchema):
    inbox = fields.Nested(InboxSchema, required=True)


class MyGamePageSchema(ma.Schema):
    items = fields.List(fields.Nested(MyGameSchema), required=True)
    next_cursor = fields.String(
        allow_none=True, required=True, metadata={"description": "Pass as `cursor` for the next page; null on the last"}
    )


def _section(game: Game, account_id: int) -> str:
    seat = next((s for s in game.seats if s.account_id == account_id), None)
    if game.status == "running":
        turn = game.seats[game.current_seat].account_id if game.current_seat is not None else None
        return "your_turn" if turn == account_id else "their_turn"
    if game.status == "lobby":
        return "lobby" if seat is not None else "invited"
    return "finished"


def _your_seat(game: Game, account_id: int) -> int | None:
    taken = game.seat_of(account_id)
    if taken is not None:
        return taken
    return next((s.seat for s in game.seats if s.reserved_for == account_id), None)


def _inbox_item(game: Game, names: dict, section: str, your_seat: int | None, paused: float | None) -> dict:
    if paused is not None:
        seconds_left = int(paused)
    elif game.status == "running" and game.deadline is not None:
        seconds_left = max(0, int((game.deadline - datetime.now(UTC)).total_seconds()))
    else:
        seconds_left = None
    inbox_fields = {"section": section, "seconds_left": seconds_left, "paused": paused is not None}
    return {**game_summary(game, names), "inbox": {**inbox_fields, "your_seat": your_seat}}


@blp.route("/games")
class MyGames(MethodView):
    @blp.doc(operationId="list_my_games")
    @requires("read")
    @blp.arguments(MyGamesQuerySchema, location="query", unknown=RAISE)
    @blp.response(200, MyGamePageSchema)
    @problems(401, 422)
    def get(self, query):
        """Your games, those waiting on you first: your inbox (cursor pagination)

        The games you have a seat in or are invited to (a seat reserved for you that you have
        not taken: take it with `POST /games/{id}/join`). In the default order, `inbox`: the
        games waiting on you, the least time left first (then the turn that has waited
        longest); your invitations; your games in the lobby; the games waiting on others, the
        least time left first; your finished games, the latest ended first. Each game's
        `inbox` says which of these it is, the seconds its turn has left and your seat.
        `order=newest` lists them newest first. `status` keeps one status only.
        """
        account = current_account()
        conn = db()
        limit = query["limit"]
        if query["order"] == "inbox":
            offset = decode_cursor(query.get("cursor")) or 0
            entries = inbox(conn, account.id, status=query.get("status"), offset=offset, limit=limit)
            games = [entry.game for entry in entries]
            names = names_for(conn, games) if games else {}
            items = [
                _inbox_item(entry.game, names, entry.section, entry.your_seat, entry.paused_seconds)
                for entry in entries
            ]
            next_cursor = encode_cursor(offset + limit) if len(entries) == limit else None
            return {"items": items, "next_cursor": next_cursor}
        games = games_of_account(
            conn,
            account.id,
            status=query.get("status"),
            before_id=decode_cursor(query.get("cursor")),
            limit=limit,
        )
        names = names_for(conn, games) if games else {}
        paused = paused_turns_of(conn, [game.id for game in games])
        items = [
            _inbox_item(game, names, _section(game, account.id), _your_seat(game, account.id), paused.get(game.id))
            for game in games
        ]
        return {"items": items, "next_cursor": encode_cursor(games[-1].id) if len(games) == limit else None}


class VacationSchema(ma.Schema):
    active = fields.Boolean(required=True, metadata={"description": "Whether you are away now"})
    started_at = fields.DateTime(required=True, allow_none=True)
    ends_at = fields.DateTime(
        required=True, allow_none=True, metadata={"description": "When your vacation ends by itself (UTC)"}
    )
    days_taken_this_year = fields.Integer(required=True)
    days_left_this_year = fields.Integer(required=True)
    days_per_year = fields.Integer(required=True, metadata={"description": "HANABI_VACATION_DAYS"})


class VacationRequestSchema(StrictSchema):
    days = fields.Integer(
        required=True,
        strict=True,
        validate=validate.Range(1, 366),
        metadata={"description": "How many days you will be away (whole days; at most those left this year)"},
    )


def _days_per_year() -> int:
    return current_app.extensions[VACATION_DAYS_EXTENSION]


def _vacation_body(account_id: int) -> dict:
    found = vacation(db(), account_id, _days_per_year())
    return {**vars(found), "days_left_this_year": found.days_left_this_year}


@blp.route("/vacation")
class MyVacation(MethodView):
    @blp.doc(operationId="get_my_vacation")
    @requires("read")
    @blp.response(200, VacationSchema)
    @problems(401)
    def get(self):
        """Your vacation: whether you are away, and the days you have left this year"""
        return _vacation_body(current_account().id)

    @blp.doc(operationId="start_my_vacation")
    @requires("play")
    @blp.arguments(VacationRequestSchema)
    @blp.response(200, VacationSchema)
    @problems(401, 403, 409, 422)
    def post(self, data):
        """Go on vacation: the clocks of your correspondence games stop while you are away

        Every turn of a correspondence game (days per move) that waits on you now, or comes to
        you while you are away, keeps the time it had left and its deadline is null; it gets
        that time back when you return (`DELETE /v1/me/vacation`) or the vacation ends. Other
        time controls are live games and keep running. Up to HANABI_VACATION_DAYS days per
        calendar year (409 `no_vacation_left`); one vacation at a time (409
        `already_on_vacation`). You may play while away.
        """
        account = current_account()
        start_vacation(db(), account.id, data["days"], _days_per_year())
        return _vacation_body(account.id)

    @blp.doc(operationId="end_my_vacation")
    @requires("play")
    @blp.response(200, VacationSchema)
    @problems(401, 403, 409)
    def delete(self):
        """Come back from vacation: your paused turns get their time back from now

        Only the days you were away count against the year's. 409 `not_on_vacation` when you
        are not away.
        """
        account = current_account()
        if not end_vacation(db(), account.id):
            raise Problem(409, "not_on_vacation", "You are not on vacation.")
        return _vacation_body(account.id)


@blp.route("/turn")
class MyTurn(MethodView):
    @blp.doc(operationId="list_my_turn")
    @requires("read")
    @blp.arguments(TurnQuerySchema, location="query", unknown=RAISE)
    @blp.response(200, GamePageSchema)
    @problems(401, 422)
    def get(self, query):
        """Running games where it is your turn, most urgent first

        The nearest deadline first, then the turn that has waited longest. One page only
        (`next_cursor` is null): take your turns and ask again. With `wait`, when no game is
        waiting for you, the answer comes as soon as one is, or empty when the wait ends, at a random
        moment in its last quarter (in its last half on a new connection).
        """
        account = current_account()
        if query["wait"]:
            seen(account)
        games = long_poll(
            listener_for(listen_conninfo()),
            turn_key(account.id),
            read=lambda: games_awaiting_move(db(), account.id, limit=query["limit"]),
            found=bool,
            seconds=query["wait"],
            started=request_started(),
            jitter=wait_jitter_of(request.environ),
            pause=release_db,
            nothing=[],
        )
        body = game_page(games, query["limit"])
        body["next_cursor"] = None
        return body


STREAM_BATCH = 100
KEEP_ALIVE_SECONDS = 15
"""The longest the stream stays silent: then it writes an empty line."""
NDJSON = "application/x-ndjson"
ACCOUNT_EVENT_COMPONENT = "AccountEvent"


class StreamQuerySchema(StrictSchema):
    after = fields.Integer(
        validate=validate.Range(min=0),
        metadata={
            "description": "Resume after this event id (the `id` of the last line you read); "
            "default: only events from now on"
        },
    )


ACCOUNT_EVENT_FIELDS = {
    "stream_started": ((), ()),
    "invited": (("game_id", "created_at", "seat", "by"), ()),
    "game_started": (("game_id", "created_at", "version"), ()),
    "your_turn": (("game_id", "created_at", "seat", "version", "turn"), ()),
    "game_over": (("game_id", "created_at", "version", "score", "end_condition"), ()),
    "chat": (("game_id", "created_at", "message_id", "account", "text"), ()),
}
"""The fields of each type of the stream's events, beside `id` and `type` (see _present and the
triggers of migrations/0015_account_events.sql, which write their payloads)."""
ACCOUNT_EVENT_NAMES = {
    "stream_started": "StreamStartedAccountEvent",
    "invited": "InvitedAccountEvent",
    "game_started": "GameStartedAccountEvent",
    "your_turn": "YourTurnAccountEvent",
    "game_over": "GameOverAccountEvent",
    "chat": "ChatAccountEvent",
}


class AccountEventSchema(ma.Schema):
    """One line of the event stream: something that happened to you. Never a card."""

    JSON_SCHEMA = {
        "description": "One line of your event stream (never a card); its `type` decides its fields: "
        "stream_started, the first line (`id` is where the stream starts); invited, a seat was reserved for you "
        "(`seat`, `by`); game_started; your_turn (`seat`, `version`, `turn`); game_over (`score`, "
        "`end_condition`); chat, someone else wrote in a game you sit in (`account`, `text`, `message_id`)"
    }
    ONE_OF_KINDS = OneOfKinds(
        ACCOUNT_EVENT_FIELDS,
        tuple(sorted({field for needed, _ in ACCOUNT_EVENT_FIELDS.values() for field in needed})),
        ACCOUNT_EVENT_NAMES,
        key="type",
    )

    id = fields.Integer(
        required=True, metadata={"description": "Your events are numbered 1, 2, 3, ...; pass the last as `after`"}
    )
    type = fields.String(
        required=True,
        validate=validate.OneOf(("stream_started",) + ACCOUNT_EVENT_TYPES),
        metadata={
            "description": "stream_started: the first line, `id` is where the stream starts; invited: a seat was "
            "reserved for you (`seat`, `by`); game_started; your_turn (`seat`, `version`, `turn`); game_over "
            "(`score`, `end_condition`); chat: someone else wrote in a game you sit in (`account`, `text`, "
            "`message_id`)"
        },
    )
    game_id = fields.Integer(metadata={"description": "Every type but stream_started"})
    created_at = fields.DateTime()
    seat = fields.Integer(metadata={"description": "invited, your_turn: your seat (from 0)"})
    by = fields.String(allow_none=True, metadata={"description": "invited: who created the game"})
    version = fields.Integer(metadata={"description": "The game's version then (pass as expected_version)"})
    turn = fields.Integer()
    score = fields.Integer()
    end_condition = fields.String(metadata={COMPONENT: "EndCondition"})
    message_id = fields.Integer()
    account = fields.String(allow_none=True, metadata={"description": "chat: the author"})
    text = fields.String(metadata={"description": "chat: the message"})


_event_schema = AccountEventSchema()


@blp.route("/stream")
class MyStream(MethodView):
    @blp.doc(operationId="stream_my_events")
    @requires("read")
    @blp.arguments(StreamQuerySchema, location="query", unknown=RAISE)
    @blp.response(
        200,
        {
            "type": "string",
            "format": "binary",
            "description": "One AccountEvent (JSON) per line, or an empty line (keep-alive)",
            "contentSchema": {"$ref": f"#/components/schemas/{ACCOUNT_EVENT_COMPONENT}"},
        },
        content_type=NDJSON,
    )
    @problems(401, 422)
    def get(self, query):
        """Your event stream: one long-lived answer, a JSON object per line

        Newline-delimited JSON (`application/x-ndjson`), as Lichess's `/api/stream/event`: the
        first line is `stream_started` (its `id` is where the stream starts), then each of your
        events as it is committed: invited, game_started, your_turn, game_over, chat. An empty
        line every 15 s keeps the connection alive while nothing happens. The answer never ends
        on its own: read it line by line, and after a cut reconnect with `after` = the last `id`
        you read, which misses nothing and repeats nothing (events are kept for the account).
        """
        account = current_account()
        listener = listener_for(listen_conninfo())
        lines = _account_stream(account.id, query.get("after"), listener, lambda: seen(account))
        response = Response(stream_with_context(lines), mimetype=NDJSON)
        response.headers["Cache-Control"] = "no-store"
        response.headers["X-Accel-Buffering"] = "no"
        return response


def _account_stream(account_id: int, after: int | None, listener, mark_seen: Callable[[], None]) -> Iterator[bytes]:
    """The stream's lines. The watch is registered before the first read, so an event committed
    after a read wakes the next one; between reads the stream holds no database connection.
    Each wake-up marks the account as seen (an open stream keeps a bot online: api/arena.py).
    The stream ends once the listener is `ending` (the server is stopping)."""
    with listener.watch(account_key(account_id)) as watch:
        if after is None:
            after = last_account_event_id(db(), account_id)
        yield _line({"type": "stream_started", "id": after})
        last_write = time.monotonic()
        while True:
            mark_seen()
            conn = db()
            events = account_events_after(conn, account_id, after, STREAM_BATCH)
            names = account_names(conn, [_named_account(event) for event in events])
            release_db()
            if events:
                yield b"".join(_line(_present(event, names)) for event in events)
                after = events[-1].id
                last_write = time.monotonic()
                if len(events) == STREAM_BATCH:
                    continue
            if listener.ending:
                return
            silent = time.monotonic() - last_write
            if silent >= KEEP_ALIVE_SECONDS:
                yield b"\n"
                last_write, silent = time.monotonic(), 0
            wait = KEEP_ALIVE_SECONDS - silent
            watch.wait(wait if listener.listening else min(wait, RECHECK_SECONDS))


def _named_account(event: AccountEvent) -> int | None:
    return event.payload.get("by_id") if event.type == "invited" else event.payload.get("author_id")


def _present(event: AccountEvent, names: dict[int, str]) -> dict:
    body = {"id": event.id, "type": event.type, "game_id": event.game_id, "created_at": event.created_at}
    payload = event.payload
    if event.type == "invited":
        body.update(seat=payload["seat"], by=names.get(payload.get("by_id")))
    elif event.type == "chat":
        body.update(
            message_id=payload["message_id"], account=names.get(payload["author_id"]), text=event.chat_text or ""
        )
    else:
        body.update(
            {key: payload[key] for key in ("seat", "version", "turn", "score", "end_condition") if key in payload}
        )
    return _event_schema.dump(body)


def _line(body: dict) -> bytes:
    return orjson.dumps(body) + b"\n"
