"""Marshmallow schemas: what every resource's schemas are built of (strict requests, the
closed sets, the apispec plugin that writes unions and enums as generators read them, name and
cursor fields) and problems; the schemas of games (`.games`) and of views (`.views`) beside.

Request schemas load with strict types (an integer is never a float or a string); response
schemas are separate, so generated clients do not see read-only fields in their requests.
"""

import json
import re

import marshmallow as ma
from apispec import BasePlugin
from marshmallow import ValidationError, fields, validate

from hanabi.bots import STRATEGIES
from hanabi.engine.actions import EndCondition
from hanabi.engine.variants import VARIANTS
from hanabi.store.webhooks import FAILURES

from ..errors import PROBLEM_CODES

DEFAULT_PAGE = 50
MAX_ID = 2**63 - 1
"""Ids are Postgres bigints; an id in a path outside 1 to MAX_ID is its resource's 404 (see `inputs`)."""
GAME_ID = "id:game_id"
ACCOUNT_ID = "id:account_id"


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

    def only(self, kinds: tuple[str, ...]) -> "OneOfKinds":
        """The union of some of these kinds, as the same components (a schema that describes it
        has the fields of this one's: whichever is described first makes them)."""
        return OneOfKinds({kind: self.table[kind] for kind in kinds}, self.every, self.names, self.key)

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


NAME_MAX_LENGTH = 64
NAME_PATTERN = r"^[A-Za-z0-9_.\-]{0,63}[A-Za-z0-9_\-][A-Za-z0-9_.\-]{0,63}$"
"""An account's name, with at most NAME_MAX_LENGTH characters: ASCII letters, digits, '_', '.' and
'-', not only dots (`.` and `..` step through paths and URLs: no account, nor an app's player
`<app>/..`, is called so). The published schema states it as this `pattern` with `maxLength`, so
that a client's generator never makes a name the server refuses. Spelled out, because `\\w` is
ASCII-only in JSON Schema's ECMA-262 regexes but Unicode in Python's."""

_NAME = re.compile(NAME_PATTERN)


def _valid_name(name: str) -> str:
    """`name` when NAME_PATTERN and NAME_MAX_LENGTH take it; else the sentence that says why not."""
    if len(name) <= NAME_MAX_LENGTH and _NAME.fullmatch(name):
        return name
    if name and name.strip(".") == "":
        raise ValidationError("A name is not only dots: '.' and '..' step through paths and URLs.")
    raise ValidationError(f"A name is 1 to {NAME_MAX_LENGTH} ASCII letters, digits, '_', '.' or '-'.")


def account_name_field(**kwargs) -> fields.String:
    metadata = {"pattern": NAME_PATTERN, "maxLength": NAME_MAX_LENGTH, **kwargs.pop("metadata", {})}
    return fields.String(validate=_valid_name, metadata=metadata, **kwargs)


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


CURSOR_PATTERN = r"^[0-9]{1,18}$"
"""A page's cursor: the id the next page starts below (ids are bigints: 18 digits always fit)."""


def cursor_field() -> fields.String:
    return fields.String(
        validate=FullMatch(CURSOR_PATTERN, error="A cursor is a next_cursor this API gave out."),
        metadata={"description": "A `next_cursor` of the previous page"},
    )
