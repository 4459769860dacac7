"""The table around a game: its chat, and your private notes on its cards."""

import marshmallow as ma
from flask import current_app, request
from flask.views import MethodView
from marshmallow import RAISE, fields, validate

from hanabi.store.accounts import account_names
from hanabi.store.games import get_game
from hanabi.store.records import Game
from hanabi.store.table import (
    BLANK,
    MAX_MESSAGE_LENGTH,
    MAX_NOTE_LENGTH,
    ChatTooFast,
    list_messages,
    notes_of,
    post_message,
    write_note,
)

from .context import Reply, current_account, current_token, db, idempotent_write, listen_conninfo, release_db
from .docs import idempotent, problems
from .errors import Problem
from .inputs import Blueprint
from .instrumentation import request_started
from .notifications import WaitSeconds, chat_key, listener_for, long_poll, wait_jitter_of
from .present import seat_or_spectator
from .schemas import GAME_ID, MAX_ID, NO_NUL, FullMatch, StrictSchema
from .scopes import requires

blp = Blueprint("table", __name__, url_prefix="/v1/games", description="The table: chat and card notes")

MAX_MESSAGES = 200
CHAT_LIMITED_EXTENSION = "hanabi_chat_limited"
"""Whether the chat's pace is limited: with the rate limits (HANABI_RATE_LIMITS)."""
SAID = r"^[^\u0000]*[^\u0000 \t\n\r][^\u0000]*$"
"""Something to read: not only spaces, tabs and line breaks (`table.BLANK`), and no NUL."""


class ChatQuerySchema(StrictSchema):
    after = fields.Integer(
        load_default=0, validate=validate.Range(0, MAX_ID), metadata={"description": "Messages with id > after"}
    )
    limit = fields.Integer(load_default=100, validate=validate.Range(1, MAX_MESSAGES))
    wait = WaitSeconds()


class ChatRequestSchema(StrictSchema):
    text = fields.String(
        required=True,
        validate=[
            validate.Length(1, MAX_MESSAGE_LENGTH),
            FullMatch(SAID, error="A message says something: not only spaces, and no NUL character."),
        ],
        metadata={"description": f"1 to {MAX_MESSAGE_LENGTH} characters, not only spaces (trimmed)"},
    )


class ChatMessageSchema(ma.Schema):
    id = fields.Integer(required=True, metadata={"description": "Increases with each message of the game"})
    author = fields.String(required=True, metadata={"description": "The account's name"})
    seat = fields.Integer(
        allow_none=True, required=True, metadata={"description": "The author's seat; null for a spectator"}
    )
    text = fields.String(required=True)
    created_at = fields.DateTime(required=True)


class ChatPageSchema(ma.Schema):
    messages = fields.List(fields.Nested(ChatMessageSchema), required=True)
    last_id = fields.Integer(required=True, metadata={"description": "Pass as `after` to read on"})


class NoteRequestSchema(StrictSchema):
    text = fields.String(
        required=True,
        validate=[
            validate.Length(0, MAX_NOTE_LENGTH),
            FullMatch(NO_NUL, error="A note holds no NUL character."),
        ],
        metadata={"description": f"Up to {MAX_NOTE_LENGTH} characters; empty removes the note"},
    )


class NoteSchema(ma.Schema):
    card = fields.Integer(required=True, metadata={"description": "The card's id"})
    text = fields.String(required=True)


class NotesSchema(ma.Schema):
    notes = fields.List(fields.Nested(NoteSchema), required=True)


def _watched_game(conn, game_id: int, account_id: int) -> tuple[Game, int | None]:
    """The game and the caller's seat in it (None: a spectator); 403 when the caller may not watch it."""
    game = get_game(conn, game_id)
    return game, seat_or_spectator(game, account_id)


@blp.route(f"/<{GAME_ID}>/chat")
class Chat(MethodView):
    @blp.doc(operationId="list_chat")
    @requires("read")
    @blp.arguments(ChatQuerySchema, location="query", unknown=RAISE)
    @blp.response(200, ChatPageSchema)
    @problems(401, 403, 404, 422)
    def get(self, query, game_id):
        """The game's chat messages with id > `after`, oldest first

        Its players, and anyone when the game allows spectators or has ended, may read it. With
        `wait`, when there is no message after `after` yet, the answer comes as soon as one is
        posted, or with none when the wait ends, at a random moment in its last quarter (its last
        half on a new connection; `last_id` is then `after`).
        """
        account = current_account()
        _watched_game(db(), game_id, account.id)
        after, limit = query["after"], query["limit"]
        return long_poll(
            listener_for(listen_conninfo()),
            chat_key(game_id),
            read=lambda: _chat_page(game_id, after, limit),
            found=lambda page: bool(page["messages"]),
            seconds=query["wait"],
            started=request_started(),
            jitter=wait_jitter_of(request.environ),
            pause=release_db,
        )

    @blp.doc(operationId="post_chat")
    @requires("play")
    @blp.arguments(ChatRequestSchema)
    @blp.response(201, ChatMessageSchema)
    @problems(401, 403, 404, 422, 429)
    @idempotent
    def post(self, data, game_id):
        """Say something at the table (players, and spectators when the game allows them)

        At most 5 messages per 10 seconds per account and game (`hanabi.store.table`; with the
        rate limits, HANABI_RATE_LIMITS): one more is a 429 `chat_too_fast` with `Retry-After`.
        """
        account = current_account()

        def write(conn):
            _, seat = _watched_game(conn, game_id, account.id)
            try:
                limited = current_app.extensions.get(CHAT_LIMITED_EXTENSION, True)
                message = post_message(conn, game_id, account.id, data["text"], limited=limited)
            except ChatTooFast as error:
                raise Problem(
                    429, "chat_too_fast", str(error), headers={"Retry-After": str(error.retry_after)}
                ) from None
            body = ChatMessageSchema().dump(
                {
                    "id": message.id,
                    "author": account.name,
                    "seat": seat,
                    "text": message.text,
                    "created_at": message.created_at,
                }
            )
            return Reply(201, body, {})

        return idempotent_write(write)


def _chat_page(game_id: int, after: int, limit: int) -> dict:
    conn = db()
    messages = list_messages(conn, game_id, after, limit)
    game = get_game(conn, game_id)
    names = account_names(conn, {message.account_id for message in messages})
    return {
        "messages": [
            {
                "id": message.id,
                "author": names.get(message.account_id),
                "seat": game.seat_of(message.account_id),
                "text": message.text,
                "created_at": message.created_at,
            }
            for message in messages
        ],
        "last_id": messages[-1].id if messages else after,
    }


@blp.route(f"/<{GAME_ID}>/notes")
class Notes(MethodView):
    @blp.doc(operationId="list_notes")
    @requires("read")
    @blp.response(200, NotesSchema)
    @problems(401, 403, 404)
    def get(self, game_id):
        """Your notes on the game's cards (nobody else sees them)

        A watch link (a token limited to one game that may not play) shows the game, never its
        maker's notes: 403 `notes_not_shown_to_watch_links`.
        """
        account = current_account()
        token = current_token()
        if token.game_id is not None and "play" not in token.scopes:
            raise Problem(
                403,
                "notes_not_shown_to_watch_links",
                "A watch link shows the game to whoever holds it, not its maker's private notes: "
                "read your notes with a token of your own.",
            )
        conn = db()
        _watched_game(conn, game_id, account.id)
        return {"notes": [{"card": card, "text": text} for card, text in notes_of(conn, game_id, account.id).items()]}


@blp.route(f"/<{GAME_ID}>/notes/<card:card>")
class Note(MethodView):
    @blp.doc(operationId="write_note")
    @requires("play")
    @blp.arguments(NoteRequestSchema)
    @blp.response(200, NoteSchema)
    @problems(401, 403, 404, 422)
    @idempotent
    def put(self, data, game_id, card):
        """Write your private note on a card of the game (by its id); an empty text removes it"""
        account = current_account()

        def write(conn):
            game, _ = _watched_game(conn, game_id, account.id)
            if not 0 <= card < len(game.deck):
                raise Problem(
                    404,
                    "card_not_found",
                    f"Game {game_id} has no card {card}: its cards are 0 to {len(game.deck) - 1}.",
                )
            write_note(conn, game_id, account.id, card, data["text"])
            return Reply(200, {"card": card, "text": data["text"].strip(BLANK)}, {})

        return idempotent_write(write)
