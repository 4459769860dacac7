"""What the API reads from a request, checked once for every endpoint before its view runs.

- A body is at most the app's MAX_CONTENT_LENGTH long, chunked or not (else 413
  `payload_too_large`).
- A body is JSON (`Content-Type: application/json`, else 415 `unsupported_media_type`), parsed
  once as I-JSON (RFC 7493): no name twice in one object, no lone surrogate (`"\\ud800"`), no
  NaN or Infinity, and no number of more than MAX_NUMBER_DIGITS digits; anything else is a 400
  `invalid_json`. A whole number is an integer however it is written (3.0 is 3), as JSON
  Schema reads it. The views and webargs read the parsed body (`request.get_json()`, cached).
- A query parameter that the operation does not declare is a 422 `invalid_request`.
- An id in a path (`/games/<id:game_id>`) is any integer: one no resource can have (below 1,
  or past a bigint) is the resource's own 404 (`game_not_found`, ...), like any unknown id.
"""

import json
import re

import flask
import flask_smorest
import marshmallow as ma
from flask import current_app, request
from flask.json.provider import DefaultJSONProvider
from webargs import core
from webargs.flaskparser import FlaskParser, is_json_request
from webargs.multidictproxy import MultiDictProxy
from werkzeug.routing import BaseConverter, ValidationError

from hanabi.store.errors import NotFound

from .errors import Problem
from .schemas import MAX_ID

MAX_NUMBER_DIGITS = 4300
"""Python's limit for turning a string of digits into an integer."""
BODY_METHODS = frozenset({"POST", "PUT", "PATCH"})
API_BLUEPRINTS_EXTENSION = "hanabi_api_blueprints"
"""The names of the blueprints whose requests `check_request` checks."""
_SURROGATE_ESCAPE = re.compile(r"\\u[dD][89a-fA-F]")
"""How a surrogate code point is written in JSON text: only then can a parsed string hold a lone one."""


class InvalidJson(ValueError):
    """A body that is not I-JSON; the message is the problem's sentence."""


def _integer(text: str) -> int:
    if len(text) - text.startswith("-") > MAX_NUMBER_DIGITS:
        raise InvalidJson(f"The JSON body holds a number of more than {MAX_NUMBER_DIGITS} digits.")
    return int(text)


def _float(text: str) -> float | int:
    """A number with a fraction or an exponent; a whole one is an int (JSON Schema's integers
    include 3.0 and 3e0, which are the number 3)."""
    if len(text) > MAX_NUMBER_DIGITS:
        raise InvalidJson(f"The JSON body holds a number of more than {MAX_NUMBER_DIGITS} digits.")
    number = float(text)
    return int(number) if number.is_integer() else number


def _constant(name: str):
    raise InvalidJson(f"The JSON body holds {name}, which is not JSON.")


def _object(pairs: list) -> dict:
    result = {}
    for name, value in pairs:
        if name in result:
            raise InvalidJson(f"The JSON body names {name!r} twice in one object.")
        result[name] = value
    return result


_DECODER = json.JSONDecoder(object_pairs_hook=_object, parse_int=_integer, parse_float=_float, parse_constant=_constant)


def read_json(data: str | bytes):
    """The value of I-JSON text (raises InvalidJson, or ValueError for text that is not JSON)."""
    text = data if isinstance(data, str) else data.decode(json.detect_encoding(data), "strict")
    value = _DECODER.decode(text)
    if _SURROGATE_ESCAPE.search(text):
        _refuse_lone_surrogates(value)
    return value


def _refuse_lone_surrogates(value) -> None:
    if isinstance(value, str):
        try:
            value.encode("utf-8")
        except UnicodeEncodeError:
            raise InvalidJson(
                'The JSON body holds a lone surrogate escape (such as "\\ud800"), which is no character.'
            ) from None
    elif isinstance(value, dict):
        for name, item in value.items():
            _refuse_lone_surrogates(name)
            _refuse_lone_surrogates(item)
    elif isinstance(value, list):
        for item in value:
            _refuse_lone_surrogates(item)


class JsonProvider(DefaultJSONProvider):
    """The app's JSON: bodies are read as I-JSON."""

    def loads(self, s, **kwargs):
        return read_json(s)


class ApiRequest(flask.Request):
    def on_json_loading_failed(self, e: ValueError | None):
        if e is None:
            raise _wrong_content_type()
        if isinstance(e, InvalidJson):
            raise Problem(400, "invalid_json", str(e))
        raise Problem(400, "invalid_json", "The request body is not valid JSON.")


class Parser(FlaskParser):
    """webargs' parser, reading the body that `check_request` parsed, with one instance of each
    schema class for every request (webargs would make one per request)."""

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self._schemas: dict[type, ma.Schema] = {}

    def _get_schema(self, argmap, req):
        if isinstance(argmap, type) and issubclass(argmap, ma.Schema):
            schema = self._schemas.get(argmap)
            if schema is None:
                schema = self._schemas[argmap] = argmap()
            return schema
        return super()._get_schema(argmap, req)

    def load_querystring(self, req, schema):
        """The query string as a plain dict: a name's first value, or all of them for a list
        field. webargs' own proxy reads werkzeug's MultiDict, which raises (and builds) an
        exception for every field the query leaves out."""
        multiple = MultiDictProxy(req.args, schema).multiple_keys
        return {name: values if name in multiple else values[0] for name, values in req.args.lists()}

    def _raw_load_json(self, req):
        if not is_json_request(req) or not req.get_data(cache=True):
            return core.missing
        return req.get_json()


class Blueprint(flask_smorest.Blueprint):
    ARGUMENTS_PARSER = Parser()


class IdConverter(BaseConverter):
    """Any integer, so that an id out of range reaches `check_request` rather than Flask's stock 404."""

    regex = r"-?[0-9]+"
    part_isolating = True

    def to_python(self, value: str) -> int:
        if len(value) > MAX_NUMBER_DIGITS:
            raise ValidationError()
        return int(value)

    def to_url(self, value) -> str:
        return str(int(value))


def id_parameter_schema(converter: IdConverter) -> dict:
    return {"type": "integer", "minimum": 1, "maximum": MAX_ID}


class CardConverter(BaseConverter):
    """A card's id in a path: any integer, so that one the game has no card for reaches the view
    (`card_not_found`) rather than Flask's stock 404. One too long to be a number of any deck is
    read as -1, which no card is."""

    regex = r"-?[0-9]+"
    part_isolating = True

    def to_python(self, value: str) -> int:
        return int(value) if len(value) <= 20 else -1

    def to_url(self, value) -> str:
        return str(int(value))


def card_parameter_schema(converter: CardConverter) -> dict:
    return {"type": "integer", "minimum": 0}


NOT_FOUND = {
    "game_id": ("game_not_found", "There is no game {}."),
    "account_id": ("account_not_found", "There is no account {}."),
    "webhook_id": ("webhook_not_found", "You have no webhook {}."),
    "player_id": ("player_not_found", "The app has no player {}."),
    "entry_id": ("arena_entry_not_found", "There is no arena entry {}."),
    "deal_id": ("arena_deal_not_found", "There is no arena deal {}."),
    "challenge_id": ("challenge_not_found", "There is no challenge {} of yours."),
}


def _check_ids(values: dict | None) -> None:
    """An id no row can have is the resource's 404, without a query."""
    for name, value in (values or {}).items():
        if name in NOT_FOUND and not 1 <= value <= MAX_ID:
            code, sentence = NOT_FOUND[name]
            raise NotFound(sentence.format(value), code)


def check_request() -> None:
    """A before_request hook for the API's endpoints (after the token's): ids in range, the
    body JSON and parsed here once (so a body nested too deeply for Python's parser is a 400
    rather than a RecursionError deep inside a view), the query only declared parameters."""
    if request.blueprint not in current_app.extensions[API_BLUEPRINTS_EXTENSION]:
        return
    _check_ids(request.view_args)
    if request.method in BODY_METHODS and request.content_length is None:
        _refuse_a_streamed_body_over_the_limit()
    if request.method in BODY_METHODS and request.content_length != 0:
        if request.is_json:
            try:
                request.get_json()
            except RecursionError:
                raise Problem(400, "invalid_json", "The JSON body is nested too deeply.") from None
        elif request.get_data(cache=True):
            raise _wrong_content_type()
    if request.args and request.method != "OPTIONS":
        unknown = sorted(set(request.args) - _query_parameters(request.endpoint, request.method))
        if unknown:
            errors = {name: ["Unknown field."] for name in unknown}
            raise Problem(
                422,
                "invalid_request",
                "The request is not valid: " + "; ".join(f"{name}: Unknown field." for name in unknown),
                errors=errors,
            )


def _refuse_a_streamed_body_over_the_limit() -> None:
    """A body sent without a Content-Length (chunked) over the app's limit is a 413 too: werkzeug
    reads such a body up to the limit and stops there, without telling a body of exactly that
    length from a longer one, which it would hand on cut. So it reads one byte more here."""
    limit = request.max_content_length
    if limit is None:
        return
    request.max_content_length = limit + 1
    if len(request.get_data(cache=True)) > limit:
        raise Problem(
            413,
            "payload_too_large",
            f"The request body is longer than {limit} bytes, the most the API reads, however it is sent "
            "(with a Content-Length or chunked).",
        )


def _wrong_content_type() -> Problem:
    sent = request.mimetype or "none"
    return Problem(
        415,
        "unsupported_media_type",
        f"The request body must be JSON, sent with Content-Type: application/json (this one came with {sent}).",
    )


_declared: dict[tuple[str, str], frozenset[str]] = {}


def _query_parameters(endpoint: str | None, method: str) -> frozenset[str]:
    """The query parameters an operation declares (the fields of its query schemas); HEAD
    takes GET's."""
    key = (endpoint, method)
    if key not in _declared:
        view = current_app.view_functions.get(endpoint)
        view_class = getattr(view, "view_class", None)
        verb = "get" if method == "HEAD" else method.lower()
        function = getattr(view_class, verb, None) if view_class else view
        names = set()
        for parameter in getattr(function, "_apidoc", {}).get("arguments", {}).get("parameters", []):
            if parameter["in"] == "query":
                schema = parameter["schema"]
                schema = schema() if isinstance(schema, type) else schema
                names.update(field.data_key or name for name, field in schema.fields.items())
        _declared[key] = frozenset(names)
    return _declared[key]
