"""hanab.live JSON: export a finished game, import a hanab.live game as a finished replay."""

from flask import Response, json, request
from flask.views import MethodView

from hanabi.engine import action_from_dict
from hanabi.engine.hanablive import export_game, import_game
from hanabi.engine.options import MAX_PLAYERS, MIN_PLAYERS
from hanabi.store.games import get_game, import_finished_game, list_events
from hanabi.store.records import LOBBY_EVENTS

from .context import Reply, current_account, db, idempotent_write
from .docs import GAME_OPERATIONS, idempotent, links_to, problems
from .errors import Problem
from .games import summary_body
from .inputs import Blueprint
from .present import names_for, player_names
from .schemas import GAME_ID, NO_NUL
from .schemas.games import GameSchema
from .scopes import requires

blp = Blueprint("hanablive", __name__, url_prefix="/v1", description="hanab.live JSON export and import")

HANABLIVE_GAME_COMPONENT = "HanabLiveGame"
"""The name of HANABLIVE_GAME among the description's schemas (registered by the app), which
both the export's response and the import's body refer to."""
HANABLIVE_GAME_REF = {"$ref": f"#/components/schemas/{HANABLIVE_GAME_COMPONENT}"}
HANABLIVE_GAME = {
    "type": "object",
    "description": "A game in hanab.live's JSON format (players, deck, actions, options, ...)",
    "required": ["players", "deck", "actions"],
    "properties": {
        "players": {
            "type": "array",
            "items": {"$ref": "#/components/schemas/HanabLivePlayer"},
            "minItems": MIN_PLAYERS,
            "maxItems": MAX_PLAYERS,
        },
        "deck": {"type": "array", "items": {"$ref": "#/components/schemas/HanabLiveCard"}},
        "actions": {"type": "array", "items": {"$ref": "#/components/schemas/HanabLiveAction"}},
        "options": {"$ref": "#/components/schemas/HanabLiveOptions"},
        "notes": {"type": "array", "items": {"type": "array", "items": {"type": "string"}}},
        "id": {"type": "integer"},
        "seed": {"type": "string", "pattern": NO_NUL},
    },
}
HANABLIVE_COMPONENTS = {
    HANABLIVE_GAME_COMPONENT: HANABLIVE_GAME,
    "HanabLivePlayer": {
        "type": "string",
        "pattern": NO_NUL,
        "description": "A player's name in a hanab.live game (a named component, so that no generator names "
        "this string Player, the name of an app's player)",
    },
    "HanabLiveCard": {
        "type": "object",
        "description": "A card of a hanab.live deck: its suit (an index into the variant's suits) and rank",
        "properties": {"suitIndex": {"type": "integer"}, "rank": {"type": "integer"}},
    },
    "HanabLiveAction": {
        "type": "object",
        "description": "An action of a hanab.live game: `type` 0 play, 1 discard (`target`: the card), 2 color "
        "clue, 3 rank clue (`target`: the seat, `value`: the color or rank), 4 game over (`target`: the seat, "
        "`value`: the end condition), 5 game over by vote",
        "properties": {
            "type": {"type": "integer"},
            "target": {"type": "integer"},
            "value": {"type": "integer"},
            "announce": {"type": "integer"},
        },
    },
    "HanabLiveOptions": {
        "type": "object",
        "description": "A hanab.live game's options, as hanab.live names them (`variant`, `cardCycle`, ...)",
    },
}
"""The description's schemas of hanab.live JSON, registered by the app."""


@blp.route(f"/games/<{GAME_ID}>/export")
class Export(MethodView):
    @blp.doc(
        operationId="export_game",
        responses={"200": {"description": "OK", "content": {"application/json": {"schema": HANABLIVE_GAME_REF}}}},
    )
    @problems(401, 404, 409)
    @requires("read")
    def get(self, game_id):
        """A finished game as hanab.live JSON (409 `game_not_finished` before it ends)"""
        current_account()
        conn = db()
        game = get_game(conn, game_id)
        if game.status != "finished":
            raise Problem(409, "game_not_finished", f"Game {game_id} is not finished; it can be exported when it ends.")
        actions = [
            action_from_dict(event.payload) for event in list_events(conn, game_id) if event.type not in LOBBY_EVENTS
        ]
        data = export_game(
            game.options, game.deck, actions, player_names(game, names_for(conn, [game])), seed=game.seed
        )
        return Response(json.dumps(data), mimetype="application/json")


@blp.route("/imports")
class Imports(MethodView):
    @blp.doc(
        operationId="import_game",
        requestBody={"required": True, "content": {"application/json": {"schema": HANABLIVE_GAME_REF}}},
    )
    @links_to("game_id", GAME_OPERATIONS)
    @blp.response(201, GameSchema, headers={"Location": {"schema": {"type": "string"}}})
    @problems(400, 401, 422)
    @idempotent
    @requires("games:write")
    def post(self):
        """Import a hanab.live game as a finished replay

        The file is replayed action by action; the first problem is a 422 naming its code and
        `action_index`, and nothing is imported. The game's seats hold no accounts; their
        names are the file's players.
        """
        current_account()
        data = request.get_json(silent=True)
        if data is None:
            raise Problem(400, "invalid_json", "The request body must be a hanab.live game as JSON.")
        imported = import_game(data)

        def write(conn):
            game, _ = import_finished_game(
                conn,
                imported.options,
                imported.deck,
                imported.actions,
                player_names=imported.players,
                seed=imported.seed,
                creator_id=current_account().id,
            )
            return Reply(201, summary_body(conn, game), {"Location": f"/v1/games/{game.id}"})

        return idempotent_write(write)
