"""The schemas of games: options, time controls, seats, a game's summary, pages of games."""

import marshmallow as ma
from marshmallow import ValidationError, fields, validate, validates_schema

from hanabi.engine.options import MAX_CLUE_TOKENS, MAX_PLAYERS, MAX_STRIKES, MIN_CLUE_TOKENS, MIN_PLAYERS, MIN_STRIKES
from hanabi.engine.variants import VARIANTS
from hanabi.store.deadlines import BOUNDS, FIELDS, KINDS, ON_TIMEOUT, InvalidTimeControl, TimeControl
from hanabi.store.lobby import MAX_PAGE
from hanabi.store.records import STATUSES

from . import (
    COMPONENT,
    DEFAULT_PAGE,
    OneOfKinds,
    StrictBoolean,
    StrictSchema,
    cursor_field,
)


class OptionsRequestSchema(StrictSchema):
    players = fields.Integer(strict=True, required=True, validate=validate.Range(MIN_PLAYERS, MAX_PLAYERS))
    variant = fields.String(
        load_default="No Variant",
        validate=validate.OneOf(
            tuple(VARIANTS), error=f"Unknown variant {{input!r}}; docs/variants.md lists the {len(VARIANTS)} variants."
        ),
        metadata={COMPONENT: "Variant"},
    )
    clue_tokens = fields.Integer(strict=True, load_default=8, validate=validate.Range(MIN_CLUE_TOKENS, MAX_CLUE_TOKENS))
    max_strikes = fields.Integer(strict=True, load_default=3, validate=validate.Range(MIN_STRIKES, MAX_STRIKES))
    empty_clues = StrictBoolean(load_default=False)
    all_or_nothing = StrictBoolean(load_default=False)
    timed_display = StrictBoolean(load_default=False)
    starting_seat = fields.Integer(strict=True, load_default=0, validate=validate.Range(0, MAX_PLAYERS - 1))
    deck_plays = StrictBoolean(
        load_default=False,
        metadata={"description": "hanab.live's deckPlays: the last card of the deck may be played blind"},
    )
    end_at_best_score = StrictBoolean(
        load_default=False,
        metadata={"description": "hanab.live's rule: the game ends as soon as no card left can raise the score"},
    )


class OptionsSchema(ma.Schema):
    players = fields.Integer(required=True)
    variant = fields.String(required=True, metadata={COMPONENT: "Variant"})
    clue_tokens = fields.Integer(required=True)
    max_strikes = fields.Integer(required=True)
    empty_clues = fields.Boolean(required=True)
    all_or_nothing = fields.Boolean(required=True)
    timed_display = fields.Boolean(required=True)
    starting_seat = fields.Integer(required=True)
    deck_plays = fields.Boolean(required=True)
    end_at_best_score = fields.Boolean(required=True)


class TimeControlRequestSchema(StrictSchema):
    """How long each turn may last. per_turn: `seconds` per turn (real-time); correspondence:
    `days` per turn; clock: each seat has a bank of `base_seconds`, spends the time of its turns
    from it and gains `increment_seconds` after each of its moves. `on_timeout` (default end):
    end the game (end condition timeout, score 0), or move: the server plays a safe move for
    the absent seat (a discard of its oldest unclued card, else a clue) and the game goes on."""

    kind = fields.String(required=True, validate=validate.OneOf(KINDS))
    seconds = fields.Integer(
        strict=True, validate=validate.Range(*BOUNDS["seconds"]), metadata={"description": "per_turn"}
    )
    days = fields.Integer(
        strict=True, validate=validate.Range(*BOUNDS["days"]), metadata={"description": "correspondence"}
    )
    base_seconds = fields.Integer(
        strict=True, validate=validate.Range(*BOUNDS["base_seconds"]), metadata={"description": "clock"}
    )
    increment_seconds = fields.Integer(
        strict=True, validate=validate.Range(*BOUNDS["increment_seconds"]), metadata={"description": "clock"}
    )
    on_timeout = fields.String(validate=validate.OneOf(ON_TIMEOUT))

    ONE_OF_KINDS = OneOfKinds(
        {kind: (FIELDS[kind], ("on_timeout",) if kind != "none" else ()) for kind in KINDS},
        (*BOUNDS, "on_timeout"),
        {kind: "".join(word.title() for word in kind.split("_")) + "TimeControlRequest" for kind in KINDS},
    )

    @validates_schema
    def check_fields_of_kind(self, data, **kwargs):
        try:
            TimeControl.from_dict(data)
        except InvalidTimeControl as error:
            raise ValidationError(error.message, error.field.removeprefix("time_control.")) from None


class TimeControlSchema(ma.Schema):
    kind = fields.String(required=True, validate=validate.OneOf(KINDS))
    seconds = fields.Integer()
    days = fields.Integer()
    base_seconds = fields.Integer()
    increment_seconds = fields.Integer()
    on_timeout = fields.String(validate=validate.OneOf(ON_TIMEOUT))


class SeatSchema(ma.Schema):
    seat = fields.Integer(required=True)
    kind = fields.String(
        required=True,
        validate=validate.OneOf(("open", "reserved", "account", "bot", "imported")),
        metadata={
            "description": "open: free for anyone; reserved: kept for `account`; account: taken by `account`; "
            "bot: played by the built-in `strategy`; imported: a player of an imported game (`name`)"
        },
    )
    account = fields.String(allow_none=True, required=True)
    strategy = fields.String(allow_none=True, required=True, metadata={COMPONENT: "Strategy"})
    name = fields.String(allow_none=True, required=True, metadata={"description": "Who sits there, for display"})


class GameWarningSchema(ma.Schema):
    code = fields.String(
        required=True,
        validate=validate.OneOf(("team_only_bot",)),
        metadata={
            "description": "team_only_bot: a bot made for tables of its own kind (the hat bot) sits beside a seat "
            "a person may take; `detail` says what to expect"
        },
    )
    detail = fields.String(required=True, metadata={"description": "The warning in a sentence"})


class GameSchema(ma.Schema):
    id = fields.Integer(required=True)
    options = fields.Nested(OptionsSchema, required=True)
    status = fields.String(required=True, validate=validate.OneOf(STATUSES))
    seats = fields.List(fields.Nested(SeatSchema), required=True)
    free_seats = fields.Integer(required=True)
    start_when_full = fields.Boolean(required=True)
    spectators = fields.Boolean(
        required=True, metadata={"description": "Whether accounts without a seat may watch the game while it runs"}
    )
    version = fields.Integer(required=True, metadata={"description": "The seq of the game's last event"})
    turn = fields.Integer(required=True)
    current_seat = fields.Integer(allow_none=True, required=True, metadata={"description": "null unless running"})
    turn_started_at = fields.DateTime(allow_none=True, required=True)
    deadline = fields.DateTime(
        allow_none=True,
        required=True,
        metadata={"description": "When the current turn's time runs out (UTC); null when it cannot"},
    )
    time_control = fields.Nested(TimeControlSchema, required=True)
    clock = fields.List(
        fields.Float(),
        allow_none=True,
        required=True,
        metadata={"description": "With a clock time control: each seat's seconds left when the current turn began"},
    )
    score = fields.Integer(
        allow_none=True,
        required=True,
        metadata={"description": "null while a Throw It in a Hole game runs (its plays are face down)"},
    )
    end_condition = fields.String(required=True, metadata={COMPONENT: "EndCondition"})
    seed = fields.String(
        allow_none=True,
        required=True,
        metadata={
            "description": "The seed the game was created with, once the game is finished; null before, and without one"
        },
    )
    creator = fields.String(allow_none=True, required=True)
    created_at = fields.DateTime(required=True)
    updated_at = fields.DateTime(required=True)
    warnings = fields.List(
        fields.Nested(GameWarningSchema),
        required=True,
        metadata={"description": "What may go wrong with the seat plan; empty when nothing"},
    )


class GamePageSchema(ma.Schema):
    items = fields.List(fields.Nested(GameSchema), required=True)
    next_cursor = fields.String(
        allow_none=True, required=True, metadata={"description": "Pass as `cursor` for the next page; null on the last"}
    )


class PageQuerySchema(StrictSchema):
    status = fields.String(validate=validate.OneOf(STATUSES))
    limit = fields.Integer(strict=False, load_default=DEFAULT_PAGE, validate=validate.Range(1, MAX_PAGE))
    cursor = cursor_field()
