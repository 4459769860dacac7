"""The arena's response schemas (api/arena.py's routes) and the functions that fill them."""

import marshmallow as ma
from marshmallow import fields, validate

from hanabi.arena import challenges, reads
from hanabi.arena import store as arena_store


class RatingSchema(ma.Schema):
    mu = fields.Float(required=True, metadata={"description": "openskill's mean"})
    sigma = fields.Float(required=True, metadata={"description": "Its uncertainty (standard deviation)"})
    low = fields.Float(required=True, metadata={"description": "mu - 2 sigma: the leaderboard's order"})
    high = fields.Float(required=True, metadata={"description": "mu + 2 sigma"})


class PairedSchema(ma.Schema):
    n = fields.Integer(required=True)
    mean = fields.Float(allow_none=True)
    standard_error = fields.Float(allow_none=True)


class FiguresSchema(ma.Schema):
    deals = fields.Integer(required=True, metadata={"description": "Published deals in the candidate seat"})
    mean_score = fields.Float(allow_none=True, metadata={"description": "Its tables' mean score, with its partners"})
    paired = fields.Nested(
        PairedSchema,
        required=True,
        metadata={
            "description": "Its table's score minus the anchor reference partner's, in the same seat with the "
            "same partners on the same deals"
        },
    )
    mean_strikes = fields.Float(allow_none=True)
    timeouts = fields.Integer(required=True, metadata={"description": "Games in which its own time ran out"})
    games = fields.Integer(required=True)


class EntrySchema(ma.Schema):
    id = fields.Integer(required=True, metadata={"description": "The rating line's id"})
    name = fields.String(required=True, metadata={"description": "The bot account, or the built-in strategy"})
    reference = fields.Boolean(required=True, metadata={"description": "A built-in reference partner"})
    version = fields.String(required=True)
    player_counts = fields.List(fields.Integer(), required=True)
    variants = fields.List(fields.String(), required=True, metadata={"description": "Variants or families"})
    active = fields.Boolean(required=True)
    entered_at = fields.DateTime(required=True)


def entry_dump(entry: arena_store.Entry) -> dict:
    return {
        "id": entry.id,
        "name": entry.name,
        "reference": entry.reference is not None,
        "version": entry.version_label,
        "player_counts": list(entry.player_counts),
        "variants": list(entry.variants),
        "active": entry.active,
        "entered_at": entry.entered_at,
    }


def rating_dump(rating) -> dict:
    return {"mu": rating.mu, "sigma": rating.sigma, "low": rating.low, "high": rating.high}


def figures_dump(figures: reads.Figures) -> dict:
    return {
        "deals": figures.deals,
        "mean_score": figures.mean_score,
        "paired": {
            "n": figures.paired.n,
            "mean": figures.paired.mean,
            "standard_error": figures.paired.standard_error,
        },
        "mean_strikes": figures.mean_strikes,
        "timeouts": figures.timeouts,
        "games": figures.games,
    }


class StandingSchema(ma.Schema):
    rank = fields.Integer(required=True)
    entry = fields.Nested(EntrySchema, required=True)
    rating = fields.Nested(RatingSchema, required=True)
    rated_deals = fields.Integer(required=True)
    figures = fields.Nested(FiguresSchema, required=True)
    online = fields.Boolean(required=True)


class FamilyDealsSchema(ma.Schema):
    family = fields.String(required=True)
    deals = fields.Integer(required=True, metadata={"description": "Its published deals at this player count"})
    shown = fields.Boolean(required=True, metadata={"description": "It has enough deals for its ratings to show"})


class LeaderboardSchema(ma.Schema):
    players = fields.Integer(required=True)
    family = fields.String(
        required=True, allow_none=True, metadata={"description": "The variant family rated on; null: every variant"}
    )
    anchor = fields.String(required=True, metadata={"description": "The reference partner paired differences use"})
    families = fields.List(
        fields.Nested(FamilyDealsSchema),
        required=True,
        metadata={"description": "The variant families dealt at this player count, most deals first"},
    )
    family_min_deals = fields.Integer(
        required=True, metadata={"description": "Published deals a family needs before its ratings show"}
    )
    standings = fields.List(
        fields.Nested(StandingSchema),
        required=True,
        metadata={"description": "Empty for a family with too few deals"},
    )


class LineRatingBriefSchema(ma.Schema):
    players = fields.Integer(required=True)
    rating = fields.Nested(RatingSchema, required=True)
    rated_deals = fields.Integer(required=True)


class LineRatingSchema(LineRatingBriefSchema):
    figures = fields.Nested(FiguresSchema, required=True)


class HistoryPointSchema(ma.Schema):
    players = fields.Integer(required=True)
    deal_id = fields.Integer(required=True)
    mu = fields.Float(required=True)
    sigma = fields.Float(required=True)
    rated_at = fields.DateTime(required=True)


class RecentGameSchema(ma.Schema):
    game_id = fields.Integer(required=True)
    deal_id = fields.Integer(required=True)
    players = fields.Integer(required=True)
    variant = fields.String(required=True)
    seat = fields.Integer(required=True)
    candidate = fields.Boolean(required=True, metadata={"description": "It sat in the deal's candidate seat"})
    published = fields.Boolean(required=True)
    score = fields.Integer(allow_none=True, metadata={"description": "Null until the deal is published"})
    end_condition = fields.String(allow_none=True)
    timed_out = fields.Boolean(allow_none=True)
    replay = fields.String(allow_none=True, metadata={"description": "The replay's path, once published"})


class FamilyRatingSchema(LineRatingBriefSchema):
    family = fields.String(required=True)


class ProfileSchema(ma.Schema):
    entry = fields.Nested(EntrySchema, required=True)
    ratings = fields.List(fields.Nested(LineRatingSchema), required=True)
    family_ratings = fields.List(
        fields.Nested(FamilyRatingSchema),
        required=True,
        metadata={"description": "Per player count and variant family, for the families with enough deals"},
    )
    history = fields.List(fields.Nested(HistoryPointSchema), required=True, metadata={"description": "Oldest first"})
    recent_games = fields.List(fields.Nested(RecentGameSchema), required=True, metadata={"description": "Newest first"})


class LineSummarySchema(ma.Schema):
    entry = fields.Nested(EntrySchema, required=True)
    ratings = fields.List(fields.Nested(LineRatingBriefSchema), required=True)


class BotLinesSchema(ma.Schema):
    name = fields.String(required=True)
    lines = fields.List(fields.Nested(LineSummarySchema), required=True, metadata={"description": "Newest first"})


class OnlineBotSchema(ma.Schema):
    name = fields.String(required=True, metadata={"description": "The bot account"})
    last_seen_at = fields.DateTime(required=True)
    in_arena = fields.Boolean(required=True, metadata={"description": "It entered the arena (it is dealt to)"})
    player_counts = fields.List(
        fields.Integer(),
        required=True,
        metadata={"description": "What it plays: its entry's player counts; every count when it is not in the arena"},
    )
    variants = fields.List(
        fields.String(),
        required=True,
        allow_none=True,
        metadata={"description": "Its entry's variants or families; null (any variant) when it is not in the arena"},
    )
    entry = fields.Nested(
        EntrySchema, required=True, allow_none=True, metadata={"description": "Its arena entry; null when not in"}
    )


def online_bot_dump(bot: arena_store.OnlineBot) -> dict:
    entry = bot.entry
    return {
        "name": bot.name,
        "last_seen_at": bot.last_seen_at,
        "in_arena": entry is not None,
        "player_counts": list(entry.player_counts if entry else arena_store.PLAYER_COUNTS),
        "variants": list(entry.variants) if entry else None,
        "entry": entry_dump(entry) if entry else None,
    }


class OnlineSchema(ma.Schema):
    items = fields.List(fields.Nested(OnlineBotSchema), required=True)


class TableSchema(ma.Schema):
    game_id = fields.Integer(required=True)
    candidate_entry_id = fields.Integer(required=True)
    seats = fields.List(fields.String(), required=True, metadata={"description": "Who sat where"})
    score = fields.Integer(allow_none=True, metadata={"description": "Null until the deal is published"})
    strikes = fields.Integer(allow_none=True)
    end_condition = fields.String(allow_none=True)
    timed_out_seat = fields.Integer(allow_none=True)


class DealSchema(ma.Schema):
    id = fields.Integer(required=True)
    players = fields.Integer(required=True)
    variant = fields.String(required=True)
    candidate_seat = fields.Integer(required=True, metadata={"description": "The seat the tables differ in"})
    seed = fields.String(allow_none=True, metadata={"description": "Null until published (the arena's own secret)"})
    created_at = fields.DateTime(required=True)
    published_at = fields.DateTime(allow_none=True)
    tables = fields.List(fields.Nested(TableSchema), required=True)


class ChallengeSchema(ma.Schema):
    id = fields.Integer(required=True)
    game_id = fields.Integer(required=True, metadata={"description": "The game: in the lobby until the bot answers"})
    challenger = fields.String(required=True)
    bot = fields.String(required=True)
    status = fields.String(required=True, validate=validate.OneOf(challenges.STATUSES))
    created_at = fields.DateTime(required=True)
    expires_at = fields.DateTime(required=True)
    answered_at = fields.DateTime(allow_none=True)


class ChallengeListSchema(ma.Schema):
    items = fields.List(fields.Nested(ChallengeSchema), required=True)
