"""The caller's games (all of them, invitations included, and those waiting for the caller's
move) and the caller's event stream."""

import time
from collections.abc import Iterator

import marshmallow as ma
import orjson
from flask import Response, stream_with_context
from flask.views import MethodView
from marshmallow import RAISE, fields, validate

from hanabi.store.account_events import (
    ACCOUNT_EVENT_TYPES,
    AccountEvent,
    account_events_after,
    last_account_event_id,
)
from hanabi.store.accounts import account_names
from hanabi.store.lobby import MAX_PAGE, games_awaiting_move, games_of_account

from .context import current_account, db, listen_conninfo, release_db
from .docs import problems
from .games import game_page
from .inputs import Blueprint
from .instrumentation import request_started
from .notifications import RECHECK_SECONDS, WaitSeconds, account_key, listener_for, long_poll, turn_key
from .present import decode_cursor
from .schemas import DEFAULT_PAGE, GamePageSchema, PageQuerySchema, StrictSchema
from .scopes import requires

blp = Blueprint("me", __name__, url_prefix="/v1/me", description="Your games")


class TurnQuerySchema(StrictSchema):
    limit = fields.Integer(load_default=DEFAULT_PAGE, validate=validate.Range(1, MAX_PAGE))
    wait = WaitSeconds()


@blp.route("/games")
class MyGames(MethodView):
    @blp.doc(operationId="list_my_games")
    @requires("read")
    @blp.arguments(PageQuerySchema, location="query", unknown=RAISE)
    @blp.response(200, GamePageSchema)
    @problems(401, 422)
    def get(self, query):
        """The games you have a seat in or are invited to, newest first (cursor pagination)

        A game with a seat reserved for you that you have not taken yet is an invitation: it is
        listed (`status=lobby` lists the games waiting for players) until it starts or ends;
        take the seat with `POST /games/{id}/join`.
        """
        account = current_account()
        conn = db()
        games = games_of_account(
            conn,
            account.id,
            status=query.get("status"),
            before_id=decode_cursor(query.get("cursor")),
            limit=query["limit"],
        )
        return game_page(games, query["limit"])


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
        moment in its last quarter.
        """
        account = current_account()
        games = long_poll(
            listener_for(listen_conninfo()),
            turn_key(account.id),
            read=lambda: games_awaiting_move(db(), account.id, limit=query["limit"]),
            found=bool,
            seconds=query["wait"],
            started=request_started(),
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


class AccountEventSchema(ma.Schema):
    """One line of the event stream: something that happened to you. Never a card."""

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
    end_condition = fields.String()
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
        lines = _account_stream(account.id, query.get("after"), listener)
        response = Response(stream_with_context(lines), mimetype=NDJSON)
        response.headers["Cache-Control"] = "no-store"
        response.headers["X-Accel-Buffering"] = "no"
        return response


def _account_stream(account_id: int, after: int | None, listener) -> Iterator[bytes]:
    """The stream's lines. The watch is registered before the first read, so an event committed
    after a read wakes the next one; between reads the stream holds no database connection."""
    with listener.watch(account_key(account_id)) as watch:
        if after is None:
            after = last_account_event_id(db(), account_id)
        yield _line({"type": "stream_started", "id": after})
        last_write = time.monotonic()
        while True:
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
