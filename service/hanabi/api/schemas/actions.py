"""The schemas of actions: the body of POST /v1/games/{game_id}/actions and a view's legal
actions, which are bodies of it as they stand (the same components, less `reorder`)."""

from marshmallow import ValidationError, fields, validate, validates_schema

from . import OneOfKinds, StrictSchema

ACTION_FIELDS = {
    "play": ("card",),
    "discard": ("card",),
    "color_clue": ("target", "color"),
    "rank_clue": ("target", "rank"),
    "reorder": ("cards",),
}
OPTIONAL_FIELDS = {"play": ("announce",)}
TURN_ACTION_KINDS = ("play", "discard", "color_clue", "rank_clue")
"""The kinds of action that take a turn: a view's legal actions are of these kinds."""
EVERY_KIND_FIELDS = ("kind", "seat", "expected_version")


class ActionRequestSchema(StrictSchema):
    kind = fields.String(required=True, validate=validate.OneOf(tuple(ACTION_FIELDS)))
    seat = fields.Integer(
        strict=True,
        metadata={
            "description": "The seat you act for, as a legal action names it: may be left out; when given, it is "
            "your seat in the game (403 not_your_seat otherwise, and nothing is played)"
        },
    )
    card = fields.Integer(strict=True, metadata={"description": "play, discard: the id of a card in your hand"})
    announce = fields.Integer(
        strict=True, metadata={"description": "play with timed display: the suit index you call out"}
    )
    target = fields.Integer(strict=True, metadata={"description": "color_clue, rank_clue: the seat given the clue"})
    color = fields.Integer(strict=True, metadata={"description": "color_clue: an index into the view's clue_colors"})
    rank = fields.Integer(strict=True, metadata={"description": "rank_clue: 1 to 5"})
    cards = fields.List(
        fields.Integer(strict=True),
        validate=validate.Length(max=10),
        metadata={"description": "reorder: your hand's card ids, left to right"},
    )
    expected_version = fields.Integer(
        strict=True,
        validate=validate.Range(min=0),
        metadata={"description": "The version you saw; 409 version_conflict when the game has moved on"},
    )

    ONE_OF_KINDS = OneOfKinds(
        {kind: (needed, OPTIONAL_FIELDS.get(kind, ())) for kind, needed in ACTION_FIELDS.items()},
        ("card", "announce", "target", "color", "rank", "cards"),
        {kind: "".join(word.title() for word in kind.split("_")) + "Request" for kind in ACTION_FIELDS},
    )

    @validates_schema
    def check_fields_of_kind(self, data, **kwargs):
        kind = data.get("kind")
        if kind not in ACTION_FIELDS:
            return
        needed, optional = ACTION_FIELDS[kind], OPTIONAL_FIELDS.get(kind, ())
        errors = {name: [f"A {kind} needs {name!r}."] for name in needed if name not in data}
        for name in data:
            if name not in (*EVERY_KIND_FIELDS, *needed, *optional):
                errors[name] = [f"A {kind} has no {name!r}."]
        if errors:
            raise ValidationError(errors)


class LegalActionSchema(ActionRequestSchema):
    """A turn action the seat may take now, with the seat: the body of POST /actions as it
    stands (its component is the ActionRequest member of its kind), or with the version seen
    added as `expected_version`."""

    ONE_OF_KINDS = ActionRequestSchema.ONE_OF_KINDS.only(TURN_ACTION_KINDS)
    JSON_SCHEMA = {
        "description": "A turn action your seat may take now: the ActionRequest of its kind, with `seat` (your "
        "seat, always written here); post it to /actions as it stands, or with `expected_version` added"
    }
