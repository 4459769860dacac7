"""Marshmallow schemas shared by several resources: problems, games, views, pages.

Request schemas load with strict types (an integer is never a float or a string); response
schemas are separate, so generated clients do not see read-only fields in their requests.
"""

import json

import marshmallow as ma
from apispec import BasePlugin
from marshmallow import ValidationError, fields, validate, validates_schema

from hanabi.bots import STRATEGIES
from hanabi.engine.actions import EndCondition
from hanabi.engine.options import MAX_CLUE_TOKENS, MAX_PLAYERS, MAX_STRIKES, MIN_CLUE_TOKENS, MIN_PLAYERS, MIN_STRIKES
from hanabi.engine.variants import VARIANTS
from hanabi.store.deadlines import BOUNDS, FIELDS, KINDS, ON_TIMEOUT, InvalidTimeControl, TimeControl
from hanabi.store.lobby import MAX_PAGE
from hanabi.store.records import STATUSES
from hanabi.store.webhooks import FAILURES

from .errors import PROBLEM_CODES

DEFAULT_PAGE = 50
MAX_ID = 2**63 - 1
"""Ids are Postgres bigints; an id in a path outside 1 to MAX_ID is its resource's 404 (see `inputs`)."""
GAME_ID = "id:game_id"
ACCOUNT_ID = "id:account_id"
TURN_ACTION_KINDS = ("play", "discard", "color_clue", "rank_clue")


class StrictSchema(ma.Schema):
    """Unknown fields are an error, not silently dropped.

    JSON_SCHEMA: JSON Schema keywords that the description adds to the schema's own (see
    JsonSchemaRules), such as a `description` stating a rule between fields that its validators
    check: generators read such rules as JSON Schema poorly."""

    class Meta:
        unknown = ma.RAISE

    JSON_SCHEMA: dict = {}


COMPONENT = "x-component"
"""A field's metadata key naming the enum component (of ENUMS) that its values are, for
JsonSchemaRules: `metadata={COMPONENT: "EndCondition"}`."""
END_CONDITIONS = tuple(condition.label for condition in EndCondition)
ENUMS = {
    "ProblemCode": (PROBLEM_CODES, "A problem's stable code (hanabi.api.errors.PROBLEM_CODES)"),
    "EndCondition": (END_CONDITIONS, "How a game ended, as hanab.live names it; in_progress while it runs"),
    "ClueKind": (("color", "rank"), "The kind of a clue"),
    "Strategy": (tuple(STRATEGIES), "A built-in bot (docs/bots.md)"),
    "DeliveryFailure": (FAILURES, "Why a webhook delivery's attempt failed"),
    "MovedBy": (("server_timeout",), "Who made a move for its seat: server_timeout, when the seat's time ran out"),
    "Variant": (tuple(VARIANTS), f"A hanab.live variant name: one of the {len(VARIANTS)} of docs/variants.md"),
}
"""The closed sets that several schemas share, each a named component of the description."""


def enum_components() -> dict[str, dict]:
    return {
        name: {"type": "string", "enum": list(values), "description": description}
        for name, (values, description) in ENUMS.items()
    }


class JsonSchemaRules(BasePlugin):
    """An apispec plugin: a schema's ONE_OF_KINDS (OneOfKinds) replaces its description, its
    JSON_SCHEMA joins it, and a field whose metadata names a COMPONENT refers to it (null or it,
    when the field allows null)."""

    def init_spec(self, spec):
        super().init_spec(spec)
        self.spec = spec

    def schema_helper(self, name, definition, **kwargs):
        schema = kwargs.get("schema")
        rules = getattr(schema, "JSON_SCHEMA", None)
        one_of = getattr(schema, "ONE_OF_KINDS", None)
        if one_of is not None:
            described = one_of.describe(self.spec, definition)
            definition.clear()  # apispec updates the definition it passed with what this returns
            return {**described, **rules} if rules else described
        if "properties" in definition:
            request = isinstance(schema, StrictSchema) or (
                isinstance(schema, type) and issubclass(schema, StrictSchema)
            )
            definition = {
                **definition,
                "properties": {
                    key: _default_in_words(_component_refs(value)) if request else _component_refs(value)
                    for key, value in definition["properties"].items()
                },
            }
        return {**definition, **rules} if rules else definition


def _default_in_words(definition: dict) -> dict:
    """A request field's default, said in its description: openapi-typescript types a field
    with a `default` as required (its defaultNonNullable, outside inline request bodies), so a
    client would have to send what the server fills in."""
    if "default" not in definition:
        return definition
    default = definition["default"]
    said = f"Default: {json.dumps(default)}."
    description = f"{definition['description'].rstrip('.')}. {said}" if "description" in definition else said
    return {**{key: value for key, value in definition.items() if key != "default"}, "description": description}


def _component_refs(definition: dict) -> dict:
    if "items" in definition:
        definition = {**definition, "items": _component_refs(definition["items"])}
    component = definition.get(COMPONENT)
    if component is None:
        return definition
    reference = {"$ref": f"#/components/schemas/{component}"}
    kept = {key: definition[key] for key in ("description", "default") if key in definition}
    if "null" in definition.get("type", ()):
        return {"anyOf": [reference, {"type": "null"}], **kept}
    return {**reference, **kept}


class OneOfKinds:
    """The description of an object whose `key` (`kind`, or an event's `type`) decides its
    fields, as generators read it: a `oneOf` of one component per kind (`names[kind]`), each with
    `key` as a constant, the fields table[kind] = (needed, optional) of that kind and the fields
    of none of `every`, and a `discriminator` on `key`. The server's validators check the same
    rules on the flat schema (a response schema's fields are what the server writes)."""

    def __init__(
        self,
        table: dict[str, tuple[tuple[str, ...], tuple[str, ...]]],
        every: tuple[str, ...],
        names,
        key: str = "kind",
    ):
        self.table = table
        self.every = every
        self.names = names
        self.key = key

    def describe(self, spec, definition: dict) -> dict:
        key = self.key
        properties = definition.get("properties", {})
        required = [name for name in definition.get("required", ()) if name != key]
        mapping = {}
        for kind, (needed, optional) in self.table.items():
            name = self.names[kind]
            variant = {
                "type": "object",
                "properties": {
                    key: {"type": "string", "const": kind},
                    **{
                        field: value
                        for field, value in properties.items()
                        if field != key and (field not in self.every or field in needed + optional)
                    },
                },
                "required": [key, *[field for field in properties if field in needed or field in required]],
            }
            if "additionalProperties" in definition:
                variant["additionalProperties"] = definition["additionalProperties"]
            if name not in spec.components.schemas:
                spec.components.schema(name, variant)
            mapping[kind] = f"#/components/schemas/{name}"
        described = {key: definition[key] for key in ("description",) if key in definition}
        return {
            "oneOf": [{"$ref": reference} for reference in mapping.values()],
            "discriminator": {"propertyName": key, "mapping": mapping},
            **described,
        }


class StrictBoolean(fields.Boolean):
    """true or false only (marshmallow's Boolean also takes 1 and 0, which equal True and False)."""

    def _deserialize(self, value, attr, data, **kwargs):
        if type(value) is not bool:
            raise self.make_error("invalid")
        return value


class FullMatch(validate.Regexp):
    """The whole value matches `regex`, as a JSON Schema pattern anchored with ^...$ means
    (Python's `$` would also match before a trailing newline)."""

    def __call__(self, value: str) -> str:
        if self.regex.fullmatch(value) is None:
            raise ValidationError(self._format_error(value))
        return value


NAME_PATTERN = r"^[A-Za-z0-9_.\-]{1,64}$"
"""An account's name. Also the published JSON Schema `pattern`: spelled out, because `\\w` is
ASCII-only in JSON Schema's ECMA-262 regexes but Unicode in Python's."""


def _not_only_dots(name: str) -> str:
    """`.` and `..` (and longer runs of dots) name no one: in a path or a URL they are steps
    through it, not a segment, so an account (or an app's player, `<app>/..`) may not be called so."""
    if name.strip(".") == "":
        raise ValidationError("A name is not only dots: '.' and '..' step through paths and URLs.")
    return name


def account_name_field(**kwargs) -> fields.String:
    return fields.String(
        validate=[
            FullMatch(NAME_PATTERN, error="A name is 1 to 64 ASCII letters, digits, '_', '.' or '-'."),
            _not_only_dots,
        ],
        **kwargs,
    )


ACCOUNT_REFERENCE_PATTERN = r"^[A-Za-z0-9_.\-]{1,64}(/[A-Za-z0-9_.\-]{1,64})?$"
"""An account's name, or an app's player's: `<app>/<user>`."""


def account_reference_field(**kwargs) -> fields.String:
    return fields.String(
        validate=FullMatch(
            ACCOUNT_REFERENCE_PATTERN,
            error="A name is 1 to 64 ASCII letters, digits, '_', '.' or '-' (an app's player: <app>/<user>).",
        ),
        **kwargs,
    )


NO_NUL = r"^[^\u0000]*$"
"""The pattern of a string that is stored: Postgres text cannot hold the character NUL."""


class ProblemSchema(ma.Schema):
    """An RFC 9457 problem (application/problem+json)."""

    type = fields.String(required=True, metadata={"description": "urn:hanabi:problem:<code>"})
    title = fields.String(required=True, metadata={"description": "The HTTP status phrase"})
    status = fields.Integer(required=True)
    detail = fields.String(required=True, metadata={"description": "A sentence for people"})
    code = fields.String(required=True, metadata={"description": "A stable machine code", COMPONENT: "ProblemCode"})
    current_version = fields.Integer(
        metadata={"description": "With version_conflict and after_past_last_event: the game's version now"}
    )
    action_index = fields.Integer(
        allow_none=True, metadata={"description": "With an import error: the 0-based index of the first bad action"}
    )
    errors = fields.Dict(
        keys=fields.String(),
        values=fields.List(fields.String()),
        metadata={"description": "With invalid_request: the reasons, per field"},
    )
    scope = fields.String(
        metadata={"description": "With insufficient_scope: the scope the token lacks (the first, when several)"}
    )
    request_id = fields.String(
        metadata={"description": "The request's id (its X-Request-Id): quote it when you report a problem"}
    )


# ---- options and games --------------------------------------------------------------------


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


CURSOR_PATTERN = r"^[0-9]{1,18}$"
"""A page's cursor: the id the next page starts below (ids are bigints: 18 digits always fit)."""


def cursor_field() -> fields.String:
    return fields.String(
        validate=FullMatch(CURSOR_PATTERN, error="A cursor is a next_cursor this API gave out."),
        metadata={"description": "A `next_cursor` of the previous page"},
    )


class PageQuerySchema(StrictSchema):
    status = fields.String(validate=validate.OneOf(STATUSES))
    limit = fields.Integer(strict=False, load_default=DEFAULT_PAGE, validate=validate.Range(1, MAX_PAGE))
    cursor = cursor_field()


# ---- views --------------------------------------------------------------------------------


CLUE_EVENT_KINDS = ("color_clue", "rank_clue", "clue")
HISTORY_EVENT_KINDS = (*CLUE_EVENT_KINDS, "play", "discard", "reorder", "end_game")


class ClueMarkSchema(ma.Schema):
    """A clue that touched the card: its history entry's turn, seat, kind, clue_kind and value."""

    turn = fields.Integer(required=True, metadata={"description": "The turn of the clue (its history entry's turn)"})
    seat = fields.Integer(required=True, metadata={"description": "The seat that gave the clue"})
    kind = fields.String(
        required=True,
        validate=validate.OneOf(CLUE_EVENT_KINDS),
        metadata={"description": "color_clue or rank_clue; clue when its kind is hidden from you (Duck)"},
    )
    clue_kind = fields.String(
        allow_none=True,
        required=True,
        metadata={COMPONENT: "ClueKind", "description": "color or rank; null when hidden from you (Duck)"},
    )
    value = fields.Integer(
        allow_none=True,
        required=True,
        metadata={
            "description": "The index into clue_colors of a color clue, the rank of a rank clue; null when hidden "
            "from you (Cow & Pig, Duck)"
        },
    )


class HandCardSchema(ma.Schema):
    id = fields.Integer(
        required=True, metadata={"description": "The card's id: its position in the deck, for its whole life"}
    )
    suit = fields.Integer(
        allow_none=True,
        required=True,
        metadata={"description": "Index into suits; null for your own card while the game runs"},
    )
    rank = fields.Integer(
        allow_none=True,
        required=True,
        metadata={"description": "1 to 5 (7: Up or Down's START); null for your own card while the game runs"},
    )
    possible_suits = fields.List(
        fields.Integer(),
        required=True,
        metadata={"description": "The suits the card's clues leave possible (what they touched and what they missed)"},
    )
    possible_ranks = fields.List(
        fields.Integer(), required=True, metadata={"description": "The ranks the card's clues leave possible"}
    )
    clues = fields.List(
        fields.Nested(ClueMarkSchema),
        required=True,
        metadata={"description": "The clues that touched it, oldest first"},
    )


class CardSchema(ma.Schema):
    id = fields.Integer(required=True, metadata={"description": "The card's id (its position in the deck)"})
    suit = fields.Integer(required=True, metadata={"description": "Index into suits"})
    rank = fields.Integer(required=True, metadata={"description": "1 to 5 (7: Up or Down's START)"})


class CardCopiesSchema(ma.Schema):
    suit = fields.Integer(required=True, metadata={"description": "Index into suits"})
    rank = fields.Integer(required=True, metadata={"description": "1 to 5 (7: Up or Down's START)"})
    copies = fields.Integer(required=True, metadata={"description": "How many cards of this identity the deck holds"})


class ActionOutcomeSchema(ma.Schema):
    """The public outcome of a turn action, as the engine's history records it; shared by the
    view's history and the event log. Which fields appear depends on the action."""

    turn = fields.Integer(metadata={"description": "The turn the action was taken on (0 is the first)"})
    target = fields.Integer(metadata={"description": "A clue's: the seat that received it"})
    clue_kind = fields.String(
        allow_none=True,
        metadata={
            COMPONENT: "ClueKind",
            "description": "color or rank; null for a Duck clue while the game runs, but to its giver",
        },
    )
    value = fields.Integer(
        allow_none=True,
        metadata={
            "description": "A clue's: the index into clue_colors of a color clue, the rank of a rank clue; null for "
            "a Cow & Pig or Duck clue while the game runs, but to its giver"
        },
    )
    touched = fields.List(fields.Integer(), metadata={"description": "A clue's: the ids of the cards it touched"})
    informative = fields.Boolean(
        metadata={
            "description": "A clue's: whether it removed, for some card of the receiver's hand (touched or not), an "
            "identity that card's earlier clues left possible; false: it told the receiver nothing new"
        }
    )
    card = fields.Integer(metadata={"description": "A play's or discard's: the id of the card"})
    suit = fields.Integer(
        allow_none=True,
        metadata={"description": "A play's is null while a Throw It in a Hole game runs (its plays are face down)"},
    )
    rank = fields.Integer(
        allow_none=True,
        metadata={"description": "A play's is null while a Throw It in a Hole game runs (its plays are face down)"},
    )
    success = fields.Boolean(
        allow_none=True, metadata={"description": "null while a Throw It in a Hole game runs (its plays are face down)"}
    )
    announce = fields.Integer(
        allow_none=True, metadata={"description": "A play's with timed display: the suit called out; else null"}
    )
    drew = fields.Integer(allow_none=True, metadata={"description": "The id of the card drawn, if any"})
    clue_tokens = fields.Integer(metadata={"description": "Whole clue tokens left after this turn"})
    half_clue_token = fields.Boolean(
        metadata={
            "description": "Clue Starved: whether half a clue token is left after this turn besides the whole ones"
        }
    )
    cards = fields.List(fields.Integer(), metadata={"description": "A reorder's: the hand's card ids, left to right"})
    condition = fields.String(
        metadata={
            COMPONENT: "EndCondition",
            "description": "An end_game's: how the game ended (timeout, terminated, ...), as end_condition",
        },
    )


class HistoryEventSchema(ActionOutcomeSchema):
    """One public event of the engine's history; which fields appear depends on `kind`, which
    names it as the event log's `type` does (docs/api.md#the-view)."""

    kind = fields.String(
        required=True,
        validate=validate.OneOf(HISTORY_EVENT_KINDS),
        metadata={
            "description": "color_clue, rank_clue (clue when its kind is hidden from you: Duck), play, discard, "
            "reorder or end_game"
        },
    )
    turn = fields.Integer(required=True, metadata={"description": "The turn the action was taken on (0 is the first)"})
    seat = fields.Integer(required=True, metadata={"description": "The seat that acted (-1: none, for some end_game)"})


LEGAL_ACTION_FIELDS = {
    "play": (("card",), ("announce",)),
    "discard": (("card",), ()),
    "color_clue": (("target", "color"), ()),
    "rank_clue": (("target", "rank"), ()),
}


class LegalActionSchema(ma.Schema):
    """A turn action the seat may take now: the body of POST /actions once its `seat` is left out
    (in TypeScript: `const { seat, ...body } = action`)."""

    ONE_OF_KINDS = OneOfKinds(
        LEGAL_ACTION_FIELDS,
        ("card", "announce", "target", "color", "rank", "cards", "condition"),
        {kind: "".join(word.title() for word in kind.split("_")) + "Action" for kind in LEGAL_ACTION_FIELDS},
    )

    kind = fields.String(required=True, validate=validate.OneOf(TURN_ACTION_KINDS))
    seat = fields.Integer(required=True, metadata={"description": "Your seat"})
    card = fields.Integer()
    announce = fields.Integer()
    target = fields.Integer()
    color = fields.Integer()
    rank = fields.Integer()
    cards = fields.List(fields.Integer())
    condition = fields.String(metadata={COMPONENT: "EndCondition"})


class ViewSchema(ma.Schema):
    """What one seat may know of a game: the engine's per-seat view (`View.to_dict()`, the same
    fields offline and online), with the game's id, version, status and deadline. `seat` is
    null in the full view of a finished game. docs/api.md#the-view describes every field."""

    game_id = fields.Integer(required=True, metadata={"description": "The game's id (null in a view built offline)"})
    version = fields.Integer(
        required=True,
        metadata={
            "description": "The seq of the game's last event: send it as an action's expected_version (null offline)"
        },
    )
    status = fields.String(
        required=True, validate=validate.OneOf(STATUSES[1:]), metadata={"description": "running or finished"}
    )
    seat = fields.Integer(
        allow_none=True,
        required=True,
        metadata={"description": "Your seat (0-based), whose view this is; null in a full view (spectators, replays)"},
    )
    deadline = fields.DateTime(
        allow_none=True,
        required=True,
        metadata={"description": "When the current turn's time runs out (UTC); null when it cannot"},
    )
    options = fields.Nested(OptionsSchema, required=True, metadata={"description": "The game's options"})
    suits = fields.List(
        fields.String(),
        required=True,
        metadata={"description": "The variant's suit names; a card's suit is an index into it"},
    )
    clue_colors = fields.List(
        fields.String(),
        required=True,
        metadata={"description": "The colors a color clue may name; a color clue's value is an index into it"},
    )
    clue_ranks = fields.List(
        fields.Integer(), required=True, metadata={"description": "The ranks a rank clue may name"}
    )
    clue_rank_names = fields.List(
        fields.String(),
        required=True,
        metadata={
            "description": 'What each of clue_ranks is called: its number, or in Odds and Evens "odd" and "even"'
        },
    )
    turn = fields.Integer(required=True, metadata={"description": "Turns taken so far (the next turn's number)"})
    current_seat = fields.Integer(required=True, metadata={"description": "The seat to move"})
    is_over = fields.Boolean(required=True, metadata={"description": "Whether the game has ended"})
    end_condition = fields.String(
        required=True,
        metadata={
            COMPONENT: "EndCondition",
            "description": "in_progress while it runs; then normal, strikeout, timeout, terminated, ...",
        },
    )
    score = fields.Integer(
        allow_none=True,
        required=True,
        metadata={"description": "null while a Throw It in a Hole game runs (its plays are face down)"},
    )
    fireworks_total = fields.Integer(
        allow_none=True,
        required=True,
        metadata={
            "description": "The cards on the fireworks, whatever the outcome (score is 0 after a strikeout, this is "
            "not); null while a Throw It in a Hole game runs (its plays are face down)"
        },
    )
    max_score = fields.Integer(
        allow_none=True,
        required=True,
        metadata={
            "description": "The best score still possible, given the cards lost; null while a Throw It in a Hole "
            "game runs (its plays are face down)"
        },
    )
    rating = fields.String(
        allow_none=True,
        required=True,
        metadata={"description": "The rulebook's words for the final score, once the game is over; else null"},
    )
    clue_tokens = fields.Integer(required=True, metadata={"description": "Whole clue tokens: a clue takes one"})
    half_clue_token = fields.Boolean(
        required=True,
        metadata={
            "description": "Clue Starved (discards give half a token): whether half a clue token is left "
            "besides the whole ones; always false in other variants"
        },
    )
    strikes = fields.Integer(
        allow_none=True,
        required=True,
        metadata={"description": "null while a Throw It in a Hole game runs (its plays are face down)"},
    )
    fireworks = fields.List(
        fields.Integer(),
        allow_none=True,
        required=True,
        metadata={
            "description": "Per suit, the number of cards played on its firework; "
            "null while a Throw It in a Hole game runs (its plays are face down)"
        },
    )
    next_ranks = fields.List(
        fields.List(fields.Integer()),
        allow_none=True,
        required=True,
        metadata={
            "description": "Per suit, the ranks that play next on its firework: several while an Up or Down "
            "firework is undecided or a Sudoku firework is empty (any rank no other firework started at), none "
            "once it is complete; null while a Throw It in a Hole game runs (its plays are face down)"
        },
    )
    discards = fields.List(
        fields.Nested(CardSchema),
        required=True,
        metadata={
            "description": "Discarded and misplayed cards "
            "(a misplay is not among them while a Throw It in a Hole game runs)"
        },
    )
    firework_tops = fields.List(
        fields.Integer(allow_none=True),
        required=True,
        allow_none=True,
        metadata={
            "description": "Per suit, the rank of the last card played on its firework (7: Up or Down's START), null "
            "while it is empty; null while a Throw It in a Hole game runs (its plays are face down)"
        },
    )
    directions = fields.List(
        fields.String(allow_none=True),
        required=True,
        allow_none=True,
        metadata={
            "description": 'Per suit, which way its firework runs: "up", "down", '
            "or null while an Up or Down firework has not chosen; "
            "null while a Throw It in a Hole game runs (its plays are face down)"
        },
    )
    deck_size = fields.Integer(required=True, metadata={"description": "Cards left to draw"})
    hands = fields.List(
        fields.List(fields.Nested(HandCardSchema)),
        required=True,
        metadata={"description": "Per seat, its hand left to right (a drawn card enters on the left)"},
    )
    history = fields.List(
        fields.Nested(HistoryEventSchema),
        required=True,
        metadata={"description": "Every action so far, oldest first, with its public outcome; kind as /events' type"},
    )
    legal_actions = fields.List(
        fields.Nested(LegalActionSchema),
        required=True,
        metadata={
            "description": "Your turn actions now (post one to /actions without its seat); empty when not your turn"
        },
    )
    deck_composition = fields.List(
        fields.Nested(CardCopiesSchema),
        required=True,
        metadata={"description": "Every identity of the variant's deck and its copies, suit by suit"},
    )
    unseen = fields.List(
        fields.Integer(),
        required=True,
        metadata={
            "description": "Per entry of deck_composition, the copies this view does not show: in the deck, in your "
            "own hand (clued or not) or, while a Throw It in a Hole game runs, in the hole; every other copy is in a "
            "hand shown, among the discards, or played in history"
        },
    )
    pace = fields.Integer(
        allow_none=True,
        required=True,
        metadata={
            "description": "Discards left before max_score (the best score still possible) is out of reach: "
            "score + deck_size + players - max_score; null once the deck is empty or the game is over, and "
            "while a Throw It in a Hole game runs"
        },
    )
    efficiency = fields.Float(
        allow_none=True,
        required=True,
        metadata={
            "description": "Cards gotten (played, or clued and still in a hand) per clue spent (clues given "
            "and misplays); null before any, and while a Throw It in a Hole game runs"
        },
    )
