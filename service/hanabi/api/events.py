"""A game's event log since a sequence number, as the caller may see it."""

import marshmallow as ma
from flask import request
from flask.views import MethodView
from marshmallow import RAISE, fields, validate

from hanabi.store.accounts import account_names
from hanabi.store.games import get_game, list_events
from hanabi.store.records import LOBBY_EVENTS

from .arena import seen
from .context import current_account, db, listen_conninfo, release_db
from .docs import problems
from .errors import Problem
from .inputs import Blueprint
from .instrumentation import request_started
from .notifications import WaitSeconds, game_key, listener_for, long_poll, wait_jitter_of
from .present import public_events, seat_or_spectator
from .schemas import COMPONENT, GAME_ID, OneOfKinds, StrictSchema
from .schemas.views import HISTORY_EVENT_KINDS, HISTORY_FIELDS, ActionOutcomeSchema, outcome_names
from .scopes import requires

blp = Blueprint("events", __name__, url_prefix="/v1/games", description="The event log of a game")

MAX_EVENTS = 500
WAKE_ON = ("any", "my_turn")
EVENT_TYPES = (*LOBBY_EVENTS, *HISTORY_EVENT_KINDS)
SERVER_TIMEOUT = "server_timeout"
"""The `by` of a move the server made for a seat whose time ran out (hanabi.worker.deadlines)."""


class EventsQuerySchema(StrictSchema):
    after = fields.Integer(
        load_default=0, validate=validate.Range(min=0), metadata={"description": "Events with seq > after"}
    )
    limit = fields.Integer(load_default=100, validate=validate.Range(1, MAX_EVENTS))
    wait = WaitSeconds()
    wake = fields.String(
        load_default="any",
        validate=validate.OneOf(WAKE_ON),
        metadata={
            "description": "With `wait`: `any` answers at the first event after `after`; `my_turn` answers "
            "once it is your turn in the game or the game is over (at once if it is already), with the events "
            "after `after` so far"
        },
    )


class DealtCardSchema(ma.Schema):
    id = fields.Integer(required=True)
    suit = fields.Integer(
        allow_none=True, required=True, metadata={"description": "null for your own cards while the game runs"}
    )
    rank = fields.Integer(
        allow_none=True, required=True, metadata={"description": "null for your own cards while the game runs"}
    )


EVENT_FIELDS = {
    "seat_joined": (("account",), ()),
    "seat_left": (("account",), ()),
    "game_started": (("hands",), ()),
    **{
        kind: (("turn", *fields, *(("drew_suit", "drew_rank") if "drew" in fields else ())), ("by",))
        for kind, fields in HISTORY_FIELDS.items()
    },
}
"""The fields of each type of event besides seq, type, seat and created_at (present.public_events
writes them): (always there, there when the server moved for the seat)."""
EVENT_NAMES = {"seat_joined": "SeatJoinedEvent", "seat_left": "SeatLeftEvent", "game_started": "GameStartedEvent"}
EVENT_NAMES |= outcome_names("Event")


class EventSchema(ActionOutcomeSchema):
    """One event of a game's log, described as a union on `type` (JSON_SCHEMA says how)."""

    JSON_SCHEMA = {
        "description": "One event of the game's log; its `type` decides its fields. Seating: seat_joined, "
        "seat_left (`account`), game_started (`hands` dealt). Actions (play, discard, color_clue, rank_clue, "
        "clue: a clue whose kind is hidden from you, reorder, end_game) carry their public outcome: the "
        "engine's history entry for them (the view's `history`), its `kind` as `type`."
    }

    ONE_OF_KINDS = OneOfKinds(
        EVENT_FIELDS,
        tuple(sorted({field for needed, optional in EVENT_FIELDS.values() for field in needed + optional})),
        EVENT_NAMES,
        key="type",
    )

    seq = fields.Integer(required=True)
    type = fields.String(
        required=True,
        validate=validate.OneOf(EVENT_TYPES),
        metadata={
            "description": "seat_joined, seat_left, game_started, or an action's: play, discard, color_clue, "
            "rank_clue (clue while its kind is hidden from you: Duck), reorder, end_game"
        },
    )
    seat = fields.Integer(allow_none=True, required=True)
    created_at = fields.DateTime(required=True)
    account = fields.String(allow_none=True)
    hands = fields.List(fields.List(fields.Nested(DealtCardSchema)))
    drew_suit = fields.Integer(allow_none=True, metadata={"description": "null for your own draws while the game runs"})
    drew_rank = fields.Integer(allow_none=True, metadata={"description": "null for your own draws while the game runs"})
    by = fields.String(
        validate=validate.OneOf((SERVER_TIMEOUT,)),
        metadata={
            COMPONENT: "MovedBy",
            "description": "Present when the server made the move for the seat: server_timeout (its time ran out)",
        },
    )


class EventPageSchema(ma.Schema):
    events = fields.List(fields.Nested(EventSchema), required=True)
    last_seq = fields.Integer(required=True, metadata={"description": "Pass as `after` to read on"})
    has_more = fields.Boolean(required=True)


@blp.route(f"/<{GAME_ID}>/events")
class Events(MethodView):
    @blp.doc(operationId="list_events")
    @requires("read")
    @blp.arguments(EventsQuerySchema, location="query", unknown=RAISE)
    @blp.response(200, EventPageSchema)
    @problems(401, 403, 404, 409, 422)
    def get(self, query, game_id):
        """The game's events with seq > `after`, oldest first

        Players of a running game see everything public and the cards of the other seats, never
        their own draws; spectators (when the game allows them) see every card; anyone may read
        the log of a lobby game or of a finished one (in full).
        With `wait`, when there is no event after `after` yet, the answer comes as soon as one
        is committed, or with no events when the wait ends, at a random moment in its last quarter
        (its last half on a new connection; `last_seq` is then `after`). An `after` past the game's last event is a 409
        `after_past_last_event` with `current_version` (the last event's seq). With `wake=my_turn`
        the wait lasts until it is your turn or the game is over instead (a bot in a game of 3
        makes one request per turn of its own, not one per event), and the answer has the events
        after `after` up to then.
        """
        account = current_account()
        if query["wait"]:
            seen(account)
        after, limit = query["after"], query["limit"]
        if query["wake"] == "my_turn":
            long_poll(
                listener_for(listen_conninfo()),
                game_key(game_id),
                read=lambda: _my_turn_or_over(account.id, game_id),
                found=bool,
                seconds=query["wait"],
                started=request_started(),
                jitter=wait_jitter_of(request.environ),
                pause=release_db,
            )
            return _event_page(account.id, game_id, after, limit)
        return long_poll(
            listener_for(listen_conninfo()),
            game_key(game_id),
            read=lambda: _event_page(account.id, game_id, after, limit),
            found=lambda page: bool(page["events"]),
            seconds=query["wait"],
            started=request_started(),
            jitter=wait_jitter_of(request.environ),
            pause=release_db,
        )


def _my_turn_or_over(account_id: int, game_id: int) -> bool:
    game = get_game(db(), game_id)
    return game.status == "finished" or (game.status == "running" and game.seat_of(account_id) == game.current_seat)


def _event_page(account_id: int, game_id: int, after: int, limit: int) -> dict:
    conn = db()
    events = list_events(conn, game_id)
    game = get_game(conn, game_id)  # read after the events, so never older than them
    if after > game.version:
        raise Problem(
            409,
            "after_past_last_event",
            f"Game {game_id}'s last event is seq {game.version}, so there is no seq {after} to read after: "
            "pass 0, or a last_seq this game gave you.",
            current_version=game.version,
        )
    seat = seat_or_spectator(game, account_id) if game.status == "running" else game.seat_of(account_id)
    names = account_names(conn, [event.payload.get("account_id") for event in events])
    visible = public_events(game, events, seat, names)
    page = [event for event in visible if event["seq"] > after][:limit]
    return {
        "events": page,
        "last_seq": page[-1]["seq"] if page else after,
        "has_more": bool(page) and page[-1]["seq"] < visible[-1]["seq"],
    }
