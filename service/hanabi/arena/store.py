"""The arena in Postgres: entries (rating lines), deals and their tables, ratings, presence.

Tables' games are ordinary games, created through the store's `create_game` with bot seats
for the reference partners and seats reserved for the bots' accounts, which the arena takes
for them (an entry is the bot's consent to be seated): each game starts at once, and the bot
hears of it through its event stream (`game_started`, `your_turn`) or its long poll. A deal's
seed is dealt under the arena's own secret (HANABI_ARENA_SECRET, else one drawn once and kept
in `arena_secret`), is never a game's seed, and is shown only once the deal is published:
when every table on it has finished (`publish_deal`, which also rates it, in one transaction).
"""

import secrets
from dataclasses import dataclass
from datetime import datetime

import psycopg
from psycopg.rows import dict_row

from hanabi.engine import VARIANTS, GameOptions, keyed_deck
from hanabi.engine.variants import family_of
from hanabi.store.deadlines import TimeControl
from hanabi.store.deals import SECRET_BYTES, deal_key
from hanabi.store.errors import Forbidden, InvalidRequest
from hanabi.store.followups import NO_FOLLOWUPS, Followups
from hanabi.store.games import create_game, load_game
from hanabi.store.records import SeatPlan
from hanabi.store.seats import join_seat
from hanabi.store.transactions import transaction

from .lineups import DealPlan
from .rating import Rating, TableResult, rate_deal

PLAYER_COUNTS = (2, 3, 4, 5, 6)
DEFAULT_VARIANTS = ("No Variant",)
MAX_VARIANTS = 50
FAMILIES = tuple(sorted({family_of(name) for name in VARIANTS}))
"""The variant families (the engine's `family_of`): a rating line is also rated per family."""
ROUND_LOCK = 0x4172656E61
"""The advisory lock a round holds (pg_try_advisory_xact_lock): one round at a time."""


@dataclass(frozen=True)
class Entry:
    id: int
    account_id: int | None
    reference: str | None
    version_label: str
    player_counts: tuple[int, ...]
    variants: tuple[str, ...]
    entered_at: datetime
    left_at: datetime | None
    name: str
    """The bot account's name, or the reference partner's strategy."""

    @property
    def active(self) -> bool:
        return self.left_at is None

    def plays(self, players: int, variant: str) -> bool:
        return players in self.player_counts and (variant in self.variants or family_of(variant) in self.variants)


_ENTRY_COLUMNS = """e.id, e.account_id, e.reference, e.version_label, e.player_counts, e.variants, e.entered_at,
    e.left_at, coalesce(a.name, e.reference) AS name"""
_ENTRY_FROM = "arena_entries e LEFT JOIN accounts a ON a.id = e.account_id"


def _entry(row: dict) -> Entry:
    return Entry(
        id=row["id"],
        account_id=row["account_id"],
        reference=row["reference"],
        version_label=row["version_label"],
        player_counts=tuple(row["player_counts"]),
        variants=tuple(row["variants"]),
        entered_at=row["entered_at"],
        left_at=row["left_at"],
        name=row["name"],
    )


def _rows(conn: psycopg.Connection, query: str, params=()) -> list[dict]:
    return conn.cursor(row_factory=dict_row).execute(query, params).fetchall()


def check_variants(variants: list[str]) -> tuple[str, ...]:
    """The variants (names, or families as `family_of` names them) of an entry; InvalidRequest
    `unknown_variant` naming the first that is neither."""
    for name in variants:
        if name not in VARIANTS and name not in FAMILIES:
            raise InvalidRequest(
                f"{name!r} is neither a variant nor a family of variants (docs/variants.md lists them).",
                "unknown_variant",
            )
    return tuple(dict.fromkeys(variants))


def enter(
    conn: psycopg.Connection,
    account_id: int,
    account_kind: str,
    version_label: str,
    player_counts: list[int],
    variants: list[str],
) -> Entry:
    """Enter the account's bot in the arena (or change what it plays). A new `version_label`
    starts a new rating line and retires the account's other line; a label entered before
    resumes its line."""
    if account_kind != "bot":
        raise Forbidden("Only bot accounts enter the arena; people challenge bots instead.", "not_a_bot")
    counts = sorted(set(player_counts))
    if not counts or any(count not in PLAYER_COUNTS for count in counts):
        raise InvalidRequest(
            f"Player counts are {PLAYER_COUNTS[0]} to {PLAYER_COUNTS[-1]}, not {player_counts}.",
            "invalid_player_counts",
        )
    chosen = check_variants(variants or list(DEFAULT_VARIANTS))
    if len(chosen) > MAX_VARIANTS:
        raise InvalidRequest(f"An entry names at most {MAX_VARIANTS} variants or families.", "invalid_variants")
    with transaction(conn):
        conn.execute("SELECT pg_advisory_xact_lock(hashtext('arena_entries'), %s::integer)", (account_id % 2147483647,))
        conn.execute(
            """UPDATE arena_entries SET left_at = now()
                WHERE account_id = %s AND left_at IS NULL AND version_label <> %s""",
            (account_id, version_label),
        )
        entry_id = conn.execute(
            """INSERT INTO arena_entries (account_id, version_label, player_counts, variants)
               VALUES (%s, %s, %s, %s)
               ON CONFLICT (account_id, version_label) WHERE account_id IS NOT NULL
               DO UPDATE SET player_counts = excluded.player_counts, variants = excluded.variants, left_at = NULL
               RETURNING id""",
            (account_id, version_label, counts, list(chosen)),
        ).fetchone()[0]
    return get_entry(conn, entry_id)


def leave(conn: psycopg.Connection, account_id: int) -> bool:
    """Take the account's bot out of the arena (its ratings stay); False when it was not in."""
    row = conn.execute(
        "UPDATE arena_entries SET left_at = now() WHERE account_id = %s AND left_at IS NULL RETURNING id", (account_id,)
    ).fetchone()
    return row is not None


def get_entry(conn: psycopg.Connection, entry_id: int) -> Entry:
    return _entry(_rows(conn, f"SELECT {_ENTRY_COLUMNS} FROM {_ENTRY_FROM} WHERE e.id = %s", (entry_id,))[0])


def active_entry(conn: psycopg.Connection, account_id: int) -> Entry | None:
    rows = _rows(
        conn, f"SELECT {_ENTRY_COLUMNS} FROM {_ENTRY_FROM} WHERE e.account_id = %s AND e.left_at IS NULL", (account_id,)
    )
    return _entry(rows[0]) if rows else None


def entries_of(conn: psycopg.Connection, account_id: int) -> list[Entry]:
    """Every rating line of the account, newest first."""
    return [
        _entry(row)
        for row in _rows(
            conn,
            f"SELECT {_ENTRY_COLUMNS} FROM {_ENTRY_FROM} WHERE e.account_id = %s ORDER BY e.id DESC",
            (account_id,),
        )
    ]


def reference_entries(conn: psycopg.Connection, strategies: tuple[str, ...]) -> list[Entry]:
    """The entries of the built-in reference partners, made the first time (they play every
    player count and every variant: their `variants` holds every family)."""
    families = list(FAMILIES)
    for strategy in strategies:
        conn.execute(
            """INSERT INTO arena_entries (reference, version_label, player_counts, variants)
               VALUES (%s, 'built-in', %s, %s) ON CONFLICT (reference) WHERE reference IS NOT NULL DO NOTHING""",
            (strategy, list(PLAYER_COUNTS), families),
        )
    rows = _rows(conn, f"SELECT {_ENTRY_COLUMNS} FROM {_ENTRY_FROM} WHERE e.reference = ANY(%s)", (list(strategies),))
    by_name = {row["reference"]: _entry(row) for row in rows}
    return [by_name[strategy] for strategy in strategies]


def online_entries(conn: psycopg.Connection, online_seconds: float) -> list[tuple[Entry, datetime]]:
    """Active entries of bots seen within `online_seconds`, with when they were last seen."""
    rows = _rows(
        conn,
        f"""SELECT {_ENTRY_COLUMNS}, p.last_seen_at FROM {_ENTRY_FROM}
              JOIN bot_presence p ON p.account_id = e.account_id
             WHERE e.left_at IS NULL AND p.last_seen_at > now() - make_interval(secs => %s)
             ORDER BY a.name""",
        (online_seconds,),
    )
    return [(_entry(row), row["last_seen_at"]) for row in rows]


@dataclass(frozen=True)
class OnlineBot:
    account_id: int
    name: str
    last_seen_at: datetime
    entry: Entry | None
    """Its active arena entry; None when it is not in the arena (it takes challenges only)."""


def online_bots(conn: psycopg.Connection, online_seconds: float) -> list[OnlineBot]:
    """Every bot account seen within `online_seconds` (in the arena or not), by name."""
    rows = _rows(
        conn,
        f"""SELECT a.id AS bot_id, a.name AS bot_name, p.last_seen_at, e.id IS NOT NULL AS in_arena,
                   {_ENTRY_COLUMNS}
              FROM bot_presence p JOIN accounts a ON a.id = p.account_id AND a.kind = 'bot'
              LEFT JOIN arena_entries e ON e.account_id = a.id AND e.left_at IS NULL
             WHERE p.last_seen_at > now() - make_interval(secs => %s)
             ORDER BY a.name""",
        (online_seconds,),
    )
    return [
        OnlineBot(row["bot_id"], row["bot_name"], row["last_seen_at"], _entry(row) if row["in_arena"] else None)
        for row in rows
    ]


def is_online(conn: psycopg.Connection, account_id: int, online_seconds: float) -> bool:
    return (
        conn.execute(
            "SELECT 1 FROM bot_presence WHERE account_id = %s AND last_seen_at > now() - make_interval(secs => %s)",
            (account_id, online_seconds),
        ).fetchone()
        is not None
    )


def mark_seen(conn: psycopg.Connection, account_ids: list[int]) -> None:
    """Record that these bot accounts were seen now (one statement for all of them)."""
    if account_ids:
        conn.execute(
            """INSERT INTO bot_presence (account_id, last_seen_at)
               SELECT a, now() FROM unnest(%s::bigint[]) AS a WHERE EXISTS (SELECT 1 FROM accounts WHERE id = a)
               ON CONFLICT (account_id) DO UPDATE SET last_seen_at = excluded.last_seen_at""",
            (sorted(set(account_ids)),),
        )


def arena_secret(conn: psycopg.Connection, configured: str | None) -> bytes:
    """The arena's own deal secret: HANABI_ARENA_SECRET, else one drawn once and kept."""
    if configured is not None:
        return configured.encode("utf-8")
    row = conn.execute("SELECT secret FROM arena_secret").fetchone()
    if row is None:
        conn.execute(
            "INSERT INTO arena_secret (secret) VALUES (%s) ON CONFLICT DO NOTHING", (secrets.token_bytes(SECRET_BYTES),)
        )
        row = conn.execute("SELECT secret FROM arena_secret").fetchone()
    return bytes(row[0])


def running_games(conn: psycopg.Connection) -> int:
    """Arena games not finished yet."""
    return conn.execute(
        """SELECT count(*) FROM arena_tables t JOIN games g ON g.id = t.game_id
            WHERE t.finished_at IS NULL AND g.status <> 'finished'"""
    ).fetchone()[0]


def busy_accounts(conn: psycopg.Connection) -> dict[int, int]:
    """Bot accounts seated in arena games not finished yet, with how many."""
    return dict(
        conn.execute(
            """SELECT e.account_id, count(*) FROM arena_seats s
                 JOIN arena_tables t ON t.game_id = s.game_id
                 JOIN arena_entries e ON e.id = s.entry_id
                 JOIN games g ON g.id = t.game_id
                WHERE t.finished_at IS NULL AND g.status <> 'finished' AND e.account_id IS NOT NULL
                GROUP BY e.account_id"""
        ).fetchall()
    )


def rated_deals(conn: psycopg.Connection, players: int) -> dict[int, int]:
    return dict(conn.execute("SELECT entry_id, deals FROM arena_ratings WHERE players = %s", (players,)).fetchall())


def create_deal(
    conn: psycopg.Connection,
    players: int,
    variant: str,
    plan: DealPlan,
    *,
    secret: bytes,
    turn_seconds: int,
    followups: Followups = NO_FOLLOWUPS,
) -> int:
    """Record a deal and create its tables' games (started at once), in one transaction;
    returns the deal's id."""
    options = GameOptions(players=players, variant=variant)
    seed = secrets.token_hex(16)
    deck = keyed_deck(options.variant_rules, deal_key(secret, seed))
    time_control = TimeControl(kind="per_turn", seconds=turn_seconds, on_timeout="end")
    with transaction(conn):
        deal_id = conn.execute(
            "INSERT INTO arena_deals (players, variant, seed, candidate_seat) VALUES (%s, %s, %s, %s) RETURNING id",
            (players, variant, seed, plan.candidate_seat),
        ).fetchone()[0]
        for candidate in plan.candidates:
            seats = plan.seats_of(candidate)
            seat_plan = [
                SeatPlan.bot(seat.strategy) if seat.account_id is None else SeatPlan.reserved(seat.account_id)
                for seat in seats
            ]
            game = create_game(conn, options, seat_plan, deck=deck, time_control=time_control, followups=followups).game
            conn.execute(
                "INSERT INTO arena_tables (deal_id, game_id, candidate_entry_id) VALUES (%s, %s, %s)",
                (deal_id, game.id, candidate.entry_id),
            )
            conn.cursor().executemany(
                "INSERT INTO arena_seats (game_id, seat, entry_id) VALUES (%s, %s, %s)",
                [(game.id, number, seat.entry_id) for number, seat in enumerate(seats)],
            )
            for seat in seats:
                if seat.account_id is not None:
                    join_seat(conn, game.id, seat.account_id, followups=followups)
    return deal_id


def deals_to_publish(conn: psycopg.Connection, limit: int = 100) -> list[int]:
    """Unpublished deals every table of which has finished, oldest first."""
    return [
        row[0]
        for row in conn.execute(
            """SELECT d.id FROM arena_deals d
                WHERE d.published_at IS NULL
                  AND NOT EXISTS (SELECT 1 FROM arena_tables t JOIN games g ON g.id = t.game_id
                                   WHERE t.deal_id = d.id AND g.status <> 'finished')
                ORDER BY d.id LIMIT %s""",
            (limit,),
        ).fetchall()
    ]


def publish_deal(conn: psycopg.Connection, deal_id: int) -> bool:
    """Record the tables' results, rate the deal and publish it, in one transaction; False
    (nothing done) when it is published already or a table is still being played."""
    with transaction(conn):
        row = conn.execute(
            """SELECT players, variant, candidate_seat FROM arena_deals
                WHERE id = %s AND published_at IS NULL FOR UPDATE""",
            (deal_id,),
        ).fetchone()
        if row is None:
            return False
        players, variant, candidate_seat = row
        tables = conn.execute(
            "SELECT game_id, candidate_entry_id FROM arena_tables WHERE deal_id = %s ORDER BY game_id", (deal_id,)
        ).fetchall()
        results = []
        for game_id, candidate in tables:
            game, state = load_game(conn, game_id)
            if game.status != "finished":
                return False
            timed_out = None
            if game.end_condition == "timeout":
                timed_out = conn.execute(
                    "SELECT seat FROM game_events WHERE game_id = %s ORDER BY seq DESC LIMIT 1", (game_id,)
                ).fetchone()[0]
            conn.execute(
                """UPDATE arena_tables SET score = %s, strikes = %s, end_condition = %s, timed_out_seat = %s,
                          finished_at = %s WHERE game_id = %s""",
                (game.score, state.strikes, game.end_condition, timed_out, game.updated_at, game_id),
            )
            results.append(TableResult(candidate, game.score, counts=timed_out is None or timed_out == candidate_seat))
        _rate(conn, deal_id, players, results)
        _rate_family(conn, players, family_of(variant), results)
        conn.execute("UPDATE arena_deals SET published_at = now() WHERE id = %s", (deal_id,))
    return True


def _rate(conn: psycopg.Connection, deal_id: int, players: int, results: list[TableResult]) -> None:
    candidates = [result.candidate for result in results]
    before = {
        entry_id: Rating(mu, sigma)
        for entry_id, mu, sigma in conn.execute(
            "SELECT entry_id, mu, sigma FROM arena_ratings WHERE players = %s AND entry_id = ANY(%s) FOR UPDATE",
            (players, candidates),
        ).fetchall()
    }
    after = rate_deal(results, before)
    for entry_id, rating in after.items():
        conn.execute(
            """INSERT INTO arena_ratings (entry_id, players, mu, sigma, deals) VALUES (%s, %s, %s, %s, 1)
               ON CONFLICT (entry_id, players)
               DO UPDATE SET mu = excluded.mu, sigma = excluded.sigma, deals = arena_ratings.deals + 1,
                             updated_at = now()""",
            (entry_id, players, rating.mu, rating.sigma),
        )
        conn.execute(
            "INSERT INTO arena_rating_history (entry_id, players, deal_id, mu, sigma) VALUES (%s, %s, %s, %s, %s)",
            (entry_id, players, deal_id, rating.mu, rating.sigma),
        )


def _rate_family(conn: psycopg.Connection, players: int, family: str, results: list[TableResult]) -> None:
    """Rate the deal again among the deals of its variant family, and count it there."""
    before = {
        entry_id: Rating(mu, sigma)
        for entry_id, mu, sigma in conn.execute(
            """SELECT entry_id, mu, sigma FROM arena_family_ratings
                WHERE players = %s AND family = %s AND entry_id = ANY(%s) FOR UPDATE""",
            (players, family, [result.candidate for result in results]),
        ).fetchall()
    }
    for entry_id, rating in rate_deal(results, before).items():
        conn.execute(
            """INSERT INTO arena_family_ratings (entry_id, players, family, mu, sigma, deals)
               VALUES (%s, %s, %s, %s, %s, 1)
               ON CONFLICT (entry_id, players, family)
               DO UPDATE SET mu = excluded.mu, sigma = excluded.sigma, deals = arena_family_ratings.deals + 1,
                             updated_at = now()""",
            (entry_id, players, family, rating.mu, rating.sigma),
        )
    conn.execute(
        """INSERT INTO arena_family_deals (players, family, deals) VALUES (%s, %s, 1)
           ON CONFLICT (players, family) DO UPDATE SET deals = arena_family_deals.deals + 1""",
        (players, family),
    )


def variants_of(family: str) -> list[str]:
    """The variants of a family, as the engine groups them."""
    return [name for name in VARIANTS if family_of(name) == family]


def unpublished_finished_game(conn: psycopg.Connection, game_id: int) -> int | None:
    """The deal of `game_id` when it is a finished arena game whose deal is not published yet
    (its deck must stay hidden: the deal is still being played at other tables)."""
    row = conn.execute(
        """SELECT d.id FROM arena_tables t JOIN arena_deals d ON d.id = t.deal_id JOIN games g ON g.id = t.game_id
            WHERE t.game_id = %s AND d.published_at IS NULL AND g.status = 'finished'""",
        (game_id,),
    ).fetchone()
    return row[0] if row else None


def is_arena_game(conn: psycopg.Connection, game_id: int) -> tuple[bool, bool]:
    """(whether `game_id` is an arena game, whether its deal is published)."""
    row = conn.execute(
        """SELECT d.published_at IS NOT NULL FROM arena_tables t JOIN arena_deals d ON d.id = t.deal_id
            WHERE t.game_id = %s""",
        (game_id,),
    ).fetchone()
    return (False, True) if row is None else (True, row[0])
