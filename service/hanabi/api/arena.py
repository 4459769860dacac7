"""The arena (docs/arena.md): bots enter and leave it, everyone reads the leaderboard, the
profiles of rating lines, the deals and the bots online; people and apps challenge online bots.

The leaderboard, profiles, deals and the list of bots online are public (no token): they show
nothing a player could use, since a deal shows its seed and results only once every table on
it has finished. Until then, a finished arena game is not shown either
(`hide_unpublished_deals`, 409 `arena_deal_not_published`): its deck is the deck of tables
still being played.
"""

from flask import Response, current_app, request
from flask.views import MethodView
from marshmallow import RAISE, fields, validate

from hanabi.arena import challenges, reads
from hanabi.arena import store as arena_store
from hanabi.arena.presence import PresenceMarks
from hanabi.bots import STRATEGIES
from hanabi.engine import GameOptions
from hanabi.engine.options import MAX_PLAYERS, MIN_PLAYERS
from hanabi.store.accounts import Account

from .arena_schemas import (
    BotLinesSchema,
    ChallengeListSchema,
    ChallengeSchema,
    DealSchema,
    EntrySchema,
    LeaderboardSchema,
    OnlineSchema,
    ProfileSchema,
    entry_dump,
    figures_dump,
    online_bot_dump,
    rating_dump,
)
from .context import Reply, current_account, db, followups, idempotent_write
from .docs import idempotent, links_to, problems
from .errors import Problem
from .games import LOBBY_CAP_EXTENSION
from .inputs import Blueprint
from .schemas import NO_NUL, FullMatch, StrictSchema, account_name_field
from .schemas.games import OptionsRequestSchema
from .scopes import requires

blp = Blueprint("arena", __name__, url_prefix="/v1/arena", description="The arena: bots rated by cross-play")

SETTINGS_EXTENSION = "hanabi_arena_settings"
PRESENCE_EXTENSION = "hanabi_arena_presence"
SETTLED_GAMES_EXTENSION = "hanabi_arena_settled_games"
MAX_SETTLED_GAMES = 100_000
PUBLIC_ENDPOINTS = frozenset(
    {"arena.Leaderboard", "arena.EntryProfile", "arena.BotLines", "arena.Online", "arena.Deal"}
)


def install(app, settings, pool) -> None:
    """Keep the arena's settings, the process's presence marks and the cache of games known not
    to hide a deal; hide finished games of unpublished deals."""
    app.extensions[SETTINGS_EXTENSION] = settings
    app.extensions[PRESENCE_EXTENSION] = PresenceMarks(pool)
    app.extensions[SETTLED_GAMES_EXTENSION] = set()
    app.before_request(hide_unpublished_deals)


def seen(account: Account) -> None:
    """Mark a bot account as waiting for work now (an event stream, a long poll)."""
    mark_seen(current_app.extensions, account)


def mark_seen(extensions: dict, account: Account) -> None:
    """`seen` for code that runs outside Flask's context (the short path of turn polls)."""
    if account.kind == "bot":
        extensions[PRESENCE_EXTENSION].mark(account.id)


def hide_unpublished_deals() -> None:
    """409 for any read of a finished arena game whose deal is still being played elsewhere.
    A game that is not an arena game, or whose deal is published, is remembered (it never
    changes back), so the check costs one query per game and process."""
    game_id = (request.view_args or {}).get("game_id")
    if game_id is None or request.method not in ("GET", "HEAD"):
        return
    settled = current_app.extensions[SETTLED_GAMES_EXTENSION]
    if game_id in settled or not 1 <= game_id <= 2**62:
        return
    conn = db()
    exists, arena, published, finished = conn.execute(
        """SELECT g.id IS NOT NULL, t.game_id IS NOT NULL, d.published_at IS NOT NULL, g.status = 'finished'
             FROM (SELECT %s::bigint AS id) q LEFT JOIN games g ON g.id = q.id
             LEFT JOIN arena_tables t ON t.game_id = q.id LEFT JOIN arena_deals d ON d.id = t.deal_id""",
        (game_id,),
    ).fetchone()
    if exists and (not arena or published):
        if len(settled) >= MAX_SETTLED_GAMES:
            settled.clear()
        settled.add(game_id)
    elif arena and finished:
        raise Problem(
            409,
            "arena_deal_not_published",
            f"Game {game_id} is an arena game whose deal is still being played at other tables; "
            "it is shown once every table has finished (GET /v1/arena/deals/{id}).",
        )


def _settings():
    return current_app.extensions[SETTINGS_EXTENSION]


class EntryRequestSchema(StrictSchema):
    version = fields.String(
        required=True,
        validate=[validate.Length(1, 64), FullMatch(NO_NUL, error="A version label holds no NUL character.")],
        metadata={"description": "Your bot's version label: a new label starts a new rating line"},
    )
    player_counts = fields.List(
        fields.Integer(strict=True, validate=validate.Range(MIN_PLAYERS, MAX_PLAYERS)),
        required=True,
        validate=validate.Length(1, MAX_PLAYERS),
    )
    variants = fields.List(
        fields.String(validate=validate.Length(1, 100)),
        validate=validate.Length(1, arena_store.MAX_VARIANTS),
        metadata={"description": 'Variant names or families (docs/variants.md); default ["No Variant"]'},
    )


@blp.route("/entry")
class MyEntry(MethodView):
    @blp.doc(operationId="get_my_arena_entry")
    @requires("read")
    @blp.response(200, EntrySchema)
    @problems(401, 404)
    def get(self):
        """Your bot's entry in the arena (404 `not_in_arena` when it is not in)"""
        entry = arena_store.active_entry(db(), current_account().id)
        if entry is None:
            raise Problem(404, "not_in_arena", "Your bot is not in the arena; enter it with PUT /v1/arena/entry.")
        return entry_dump(entry)

    @blp.doc(operationId="enter_arena")
    @requires("play")
    @blp.arguments(EntryRequestSchema)
    @blp.response(200, EntrySchema)
    @problems(401, 403, 422)
    def put(self, data):
        """Enter your bot in the arena, or change what it plays

        Only bot accounts enter (403 `not_a_bot`). The arena seats your bot, when it is online,
        in games of the player counts and variants it plays, beside built-in partners; it hears
        of each through its event stream (`game_started`, `your_turn`) as of any game. A new
        `version` starts a new rating line; a version entered before resumes its line.
        """
        account = current_account()
        entry = arena_store.enter(
            db(),
            account.id,
            account.kind,
            data["version"],
            data["player_counts"],
            data.get("variants") or list(arena_store.DEFAULT_VARIANTS),
        )
        return entry_dump(entry)

    @blp.doc(operationId="leave_arena")
    @requires("play")
    @blp.response(204)
    @problems(401, 404)
    def delete(self):
        """Take your bot out of the arena (its ratings stay; games it is in play on)"""
        if not arena_store.leave(db(), current_account().id):
            raise Problem(404, "not_in_arena", "Your bot is not in the arena.")
        return Response(status=204)


class LeaderboardQuerySchema(StrictSchema):
    players = fields.Integer(load_default=2, validate=validate.Range(MIN_PLAYERS, MAX_PLAYERS))
    family = fields.String(
        validate=validate.OneOf(arena_store.FAMILIES),
        metadata={"description": "A variant family (docs/variants.md): the ratings on its deals only"},
    )


@blp.route("/leaderboard")
class Leaderboard(MethodView):
    @blp.doc(operationId="get_arena_leaderboard", security=[])
    @blp.arguments(LeaderboardQuerySchema, location="query", unknown=RAISE)
    @blp.response(200, LeaderboardSchema)
    @problems(422)
    def get(self, query):
        """The rating lines at a player count, best first (by mu - 2 sigma)

        With `family`, the ratings on the deals of that variant family only, shown once it has
        `family_min_deals` published deals at this player count (`families` says which have).
        """
        settings = _settings()
        anchor = settings.arena_partners[0]
        players, family = query["players"], query.get("family")
        conn = db()
        standings = reads.leaderboard(conn, players, anchor, settings.arena_online_seconds, family)
        return {
            "players": players,
            "family": family,
            "anchor": anchor,
            "families": [
                {"family": name, "deals": deals, "shown": deals >= reads.FAMILY_MIN_DEALS}
                for name, deals in reads.family_deals(conn, players).items()
            ],
            "family_min_deals": reads.FAMILY_MIN_DEALS,
            "standings": [
                {
                    "rank": rank,
                    "entry": entry_dump(standing.entry),
                    "rating": rating_dump(standing.rating),
                    "rated_deals": standing.rated_deals,
                    "figures": figures_dump(standing.figures),
                    "online": standing.online,
                }
                for rank, standing in enumerate(standings, start=1)
            ],
        }


@blp.route("/entries/<id:entry_id>")
class EntryProfile(MethodView):
    @blp.doc(operationId="get_arena_entry", security=[])
    @blp.response(200, ProfileSchema)
    @problems(404)
    def get(self, entry_id):
        """A rating line: its ratings per player count and variant family, its rating after each deal, its games"""
        profile = reads.entry_profile(db(), entry_id, _settings().arena_partners[0])
        for game in profile["recent_games"]:
            game["replay"] = f"/v1/games/{game['game_id']}/replay" if game["published"] else None
        return {
            "entry": entry_dump(profile["entry"]),
            "ratings": [
                {
                    "players": line["players"],
                    "rating": rating_dump(line["rating"]),
                    "rated_deals": line["rated_deals"],
                    "figures": figures_dump(line["figures"]),
                }
                for line in profile["ratings"]
            ],
            "family_ratings": [
                {
                    "players": line["players"],
                    "family": line["family"],
                    "rating": rating_dump(line["rating"]),
                    "rated_deals": line["rated_deals"],
                }
                for line in profile["family_ratings"]
            ],
            "history": profile["history"],
            "recent_games": profile["recent_games"],
        }


@blp.route("/bots/<string(maxlength=64):name>")
class BotLines(MethodView):
    @blp.doc(operationId="get_arena_bot", security=[])
    @blp.response(200, BotLinesSchema)
    @problems(404)
    def get(self, name):
        """A bot's rating lines (one per version it entered), newest first"""
        lines = reads.bot_entries(db(), name)
        return {
            "name": name,
            "lines": [
                {
                    "entry": entry_dump(line["entry"]),
                    "ratings": [
                        {
                            "players": rating["players"],
                            "rating": rating_dump(reads.Rating(rating["mu"], rating["sigma"])),
                            "rated_deals": rating["deals"],
                        }
                        for rating in line["ratings"]
                    ],
                }
                for line in lines
            ],
        }


@blp.route("/online")
class Online(MethodView):
    @blp.doc(operationId="list_online_bots", security=[])
    @blp.response(200, OnlineSchema)
    def get(self):
        """Bots online, with what they play (challenge them), by name

        Every bot account that is online: its runner or its event stream is connected, or it
        long-polled (`wait`) within HANABI_ARENA_ONLINE_SECONDS. A bot in the arena plays what
        its entry names (and is dealt arena games); a bot not in it takes challenges of any
        player count and variant.
        """
        online = arena_store.online_bots(db(), _settings().arena_online_seconds)
        return {"items": [online_bot_dump(bot) for bot in online]}


@blp.route("/deals/<id:deal_id>")
class Deal(MethodView):
    @blp.doc(operationId="get_arena_deal", security=[])
    @blp.response(200, DealSchema)
    @problems(404)
    def get(self, deal_id):
        """A deal and its tables; its seed and results once every table on it has finished"""
        return reads.deal(db(), deal_id)


class ChallengeRequestSchema(StrictSchema):
    bot = account_name_field(required=True, metadata={"description": "The bot to challenge (online)"})
    options = fields.Nested(OptionsRequestSchema, required=True)
    seat = fields.Integer(
        strict=True,
        load_default=0,
        validate=validate.Range(0, MAX_PLAYERS - 1),
        metadata={"description": "Your seat; the bot sits in the next one, built-in partners in the others"},
    )
    partner = fields.String(
        load_default="basic",
        validate=validate.OneOf(tuple(STRATEGIES)),
        metadata={"description": "The built-in bot in the other seats"},
    )


_challenge_schema = ChallengeSchema()


def _challenge(challenge: challenges.Challenge) -> dict:
    return _challenge_schema.dump(challenge)


@blp.route("/challenges")
class Challenges(MethodView):
    @blp.doc(operationId="list_my_challenges")
    @requires("read")
    @blp.response(200, ChallengeListSchema)
    @problems(401)
    def get(self):
        """Your challenges, made and received, newest first (the last 50)"""
        return {"items": challenges.of_account(db(), current_account().id)}

    @blp.doc(operationId="challenge_bot")
    @requires("play")
    @links_to("challenge_id", ("get_challenge", "accept_challenge", "decline_challenge"))
    @blp.arguments(ChallengeRequestSchema)
    @blp.response(201, ChallengeSchema, headers={"Location": {"schema": {"type": "string"}}})
    @problems(401, 404, 409, 422)
    @idempotent
    def post(self, data):
        """Challenge an online bot to a game

        Makes a lobby game with you seated, a seat reserved for the bot and built-in partners in
        the other seats. The bot hears of it on its event stream (`invited`) and accepts by
        taking its seat (the game starts) or declines; unanswered, the challenge expires after
        HANABI_ARENA_CHALLENGE_SECONDS and its game ends. 409 `bot_offline` when the bot is not
        online; 422 `not_played_by_bot` when its arena entry does not play these options.
        """
        account = current_account()
        settings = _settings()
        options = GameOptions(**data["options"])

        def write(conn):
            found = challenges.create(
                conn,
                account,
                data["bot"],
                options,
                partner=data["partner"],
                seat=data["seat"],
                seconds=settings.arena_challenge_seconds,
                online_seconds=settings.arena_online_seconds,
                lobby_cap=current_app.extensions[LOBBY_CAP_EXTENSION],
                followups=followups(),
            )
            return Reply(201, _challenge(found), {"Location": f"/v1/arena/challenges/{found.id}"})

        return idempotent_write(write)


@blp.route("/challenges/<id:challenge_id>")
class ChallengeById(MethodView):
    @blp.doc(operationId="get_challenge")
    @requires("read")
    @blp.response(200, ChallengeSchema)
    @problems(401, 404)
    def get(self, challenge_id):
        """A challenge you made or received"""
        return challenges.get(db(), challenge_id, current_account().id)


@blp.route("/challenges/<id:challenge_id>/accept")
class AcceptChallenge(MethodView):
    @blp.doc(operationId="accept_challenge")
    @requires("play")
    @blp.response(200, ChallengeSchema)
    @problems(401, 403, 404, 409)
    @idempotent
    def post(self, challenge_id):
        """Accept a challenge to your bot: it takes its seat and the game starts"""
        account = current_account()
        return idempotent_write(
            lambda conn: Reply(
                200, _challenge(challenges.accept(conn, challenge_id, account, followups=followups())), {}
            )
        )


@blp.route("/challenges/<id:challenge_id>/decline")
class DeclineChallenge(MethodView):
    @blp.doc(operationId="decline_challenge")
    @requires("play")
    @blp.response(200, ChallengeSchema)
    @problems(401, 404, 409)
    @idempotent
    def post(self, challenge_id):
        """Decline a challenge to your bot, or cancel yours: its lobby game ends"""
        account = current_account()
        return idempotent_write(
            lambda conn: Reply(
                200, _challenge(challenges.decline(conn, challenge_id, account, followups=followups())), {}
            )
        )
