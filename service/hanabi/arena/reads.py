"""What people read of the arena: the leaderboard, a rating line's profile, a deal, bots online.

Every figure is read from the tables the round writes when it publishes a deal (results,
ratings, their history), in the same transaction as the rating: nothing here is a second
source of truth, and nothing of a deal shows before it is published.
"""

from collections import defaultdict
from dataclasses import dataclass

import psycopg
from psycopg.rows import dict_row

from hanabi.store.errors import NotFound

from .rating import INTERVAL_SIGMAS, Paired, Rating, paired_sums
from .store import Entry, get_entry, variants_of

RECENT_GAMES = 20
HISTORY_POINTS = 500
FAMILY_MIN_DEALS = 30
"""A variant family's ratings at a player count are shown once this many of its deals are published."""


@dataclass(frozen=True)
class Figures:
    """Plain figures of a rating line at one player count, over its published deals."""

    deals: int
    """Deals where it sat in the candidate seat."""
    mean_score: float | None
    paired: Paired
    """Its table's score minus the anchor's (the first reference partner in the same seat, with
    the same partners, on the same deal)."""
    mean_strikes: float | None
    timeouts: int
    """Published games in any seat where its own time ran out."""
    games: int
    """Published games in any seat."""


def _rows(conn: psycopg.Connection, query: str, params=()) -> list[dict]:
    return conn.cursor(row_factory=dict_row).execute(query, params).fetchall()


def figures(
    conn: psycopg.Connection,
    players: int,
    anchor_id: int | None,
    entry_ids: list[int],
    family: str | None = None,
) -> dict[int, Figures]:
    """The figures of `entry_ids` at `players`, over the deals of a variant family or of all:
    the published deals kept, plus the sums kept of those retention deleted."""
    if not entry_ids:
        return {}
    variants = variants_of(family) if family is not None else None
    params = {"players": players, "ids": entry_ids, "variants": variants, "family": family, "anchor": anchor_id}
    published = """d.published_at IS NOT NULL AND d.players = %(players)s
                   AND (%(variants)s::text[] IS NULL OR d.variant = ANY(%(variants)s))"""
    pruned = """players = %(players)s AND entry_id = ANY(%(ids)s)
                AND (%(family)s::text IS NULL OR family = %(family)s)"""
    base = {
        row["entry_id"]: row
        for row in _rows(
            conn,
            f"""SELECT entry_id, sum(deals)::bigint AS deals, sum(score_sum)::float AS score_sum,
                       sum(strikes_sum)::float AS strikes_sum FROM (
                    SELECT t.candidate_entry_id AS entry_id, count(*) AS deals, sum(t.score) AS score_sum,
                           sum(t.strikes) AS strikes_sum
                      FROM arena_tables t JOIN arena_deals d ON d.id = t.deal_id
                     WHERE {published} AND t.candidate_entry_id = ANY(%(ids)s)
                     GROUP BY t.candidate_entry_id
                    UNION ALL
                    SELECT entry_id, deals, score_sum, strikes_sum FROM arena_pruned_figures WHERE {pruned}
                ) f GROUP BY entry_id""",
            params,
        )
    }
    seats = {
        row["entry_id"]: row
        for row in _rows(
            conn,
            f"""SELECT entry_id, sum(games)::bigint AS games, sum(timeouts)::bigint AS timeouts FROM (
                    SELECT s.entry_id, count(*) AS games, count(*) FILTER (WHERE t.timed_out_seat = s.seat) AS timeouts
                      FROM arena_seats s JOIN arena_tables t ON t.game_id = s.game_id
                      JOIN arena_deals d ON d.id = t.deal_id
                     WHERE {published} AND s.entry_id = ANY(%(ids)s)
                     GROUP BY s.entry_id
                    UNION ALL
                    SELECT entry_id, games, timeouts FROM arena_pruned_figures WHERE {pruned}
                ) f GROUP BY entry_id""",
            params,
        )
    }
    differences: dict[int, list[float]] = defaultdict(list)
    kept: dict[int, tuple[int, float, float]] = {}
    if anchor_id is not None:
        for entry_id, difference in conn.execute(
            f"""SELECT t.candidate_entry_id, t.score - a.score
                 FROM arena_tables t JOIN arena_deals d ON d.id = t.deal_id
                 JOIN arena_tables a ON a.deal_id = t.deal_id AND a.candidate_entry_id = %(anchor)s
                WHERE {published} AND t.candidate_entry_id = ANY(%(ids)s) AND t.candidate_entry_id <> %(anchor)s
                  AND (t.timed_out_seat IS NULL OR t.timed_out_seat = d.candidate_seat)
                  AND a.timed_out_seat IS NULL""",
            params,
        ).fetchall():
            differences[entry_id].append(float(difference))
        for entry_id, n, total, squares in conn.execute(
            f"""SELECT entry_id, sum(n), sum(total), sum(squares) FROM arena_pruned_pairs
                 WHERE {pruned} AND anchor_entry_id = %(anchor)s GROUP BY entry_id""",
            params,
        ).fetchall():
            kept[entry_id] = (int(n), float(total), float(squares))
    result = {}
    for entry_id in entry_ids:
        row, seat = base.get(entry_id, {}), seats.get(entry_id, {})
        deals = int(row.get("deals") or 0)
        values = differences.get(entry_id, [])
        n, total, squares = kept.get(entry_id, (0, 0.0, 0.0))
        result[entry_id] = Figures(
            deals=deals,
            mean_score=row["score_sum"] / deals if deals else None,
            paired=paired_sums(n + len(values), total + sum(values), squares + sum(value * value for value in values)),
            mean_strikes=row["strikes_sum"] / deals if deals else None,
            timeouts=int(seat.get("timeouts") or 0),
            games=int(seat.get("games") or 0),
        )
    return result


def anchor_entry(conn: psycopg.Connection, anchor: str) -> int | None:
    row = conn.execute("SELECT id FROM arena_entries WHERE reference = %s", (anchor,)).fetchone()
    return row[0] if row else None


@dataclass(frozen=True)
class Standing:
    entry: Entry
    rating: Rating
    rated_deals: int
    figures: Figures
    online: bool


def family_deals(conn: psycopg.Connection, players: int) -> dict[str, int]:
    """The variant families with published deals at `players`, with how many, most first."""
    return dict(
        conn.execute(
            "SELECT family, deals FROM arena_family_deals WHERE players = %s ORDER BY deals DESC, family", (players,)
        ).fetchall()
    )


def leaderboard(
    conn: psycopg.Connection,
    players: int,
    anchor: str,
    online_seconds: float,
    family: str | None = None,
    limit: int = 200,
) -> list[Standing]:
    """The rating lines at `players`, best first: by the low end of the interval, mu - 2 sigma.
    With `family`, the ratings on the deals of that variant family (none until it has
    FAMILY_MIN_DEALS published deals)."""
    if family is None:
        ratings = "SELECT entry_id, mu, sigma, deals FROM arena_ratings WHERE players = %(players)s"
    elif family_deals(conn, players).get(family, 0) >= FAMILY_MIN_DEALS:
        ratings = """SELECT entry_id, mu, sigma, deals FROM arena_family_ratings
                      WHERE players = %(players)s AND family = %(family)s"""
    else:
        return []
    rows = _rows(
        conn,
        f"""SELECT r.entry_id, r.mu, r.sigma, r.deals,
                  p.last_seen_at > now() - make_interval(secs => %(online)s) AS online
             FROM ({ratings}) r JOIN arena_entries e ON e.id = r.entry_id
             LEFT JOIN bot_presence p ON p.account_id = e.account_id
            ORDER BY r.mu - %(sigmas)s * r.sigma DESC, r.entry_id LIMIT %(limit)s""",
        {"online": online_seconds, "players": players, "family": family, "sigmas": INTERVAL_SIGMAS, "limit": limit},
    )
    ids = [row["entry_id"] for row in rows]
    entries = {entry_id: get_entry(conn, entry_id) for entry_id in ids}
    plain = figures(conn, players, anchor_entry(conn, anchor), ids, family)
    return [
        Standing(
            entry=entries[row["entry_id"]],
            rating=Rating(row["mu"], row["sigma"]),
            rated_deals=row["deals"],
            figures=plain[row["entry_id"]],
            online=bool(row["online"]) or entries[row["entry_id"]].reference is not None,
        )
        for row in rows
    ]


def entry_profile(conn: psycopg.Connection, entry_id: int, anchor: str) -> dict:
    """A rating line: its entry, its rating and figures per player count, its ratings per
    variant family where the family has enough deals, its rating history
    (oldest first) and its recent games (newest first; a replay once the deal is published)."""
    rows = _rows(conn, "SELECT 1 FROM arena_entries WHERE id = %s", (entry_id,))
    if not rows:
        raise NotFound(f"There is no arena entry {entry_id}.", "arena_entry_not_found")
    entry = get_entry(conn, entry_id)
    anchor_id = anchor_entry(conn, anchor)
    ratings = []
    for row in _rows(
        conn, "SELECT players, mu, sigma, deals FROM arena_ratings WHERE entry_id = %s ORDER BY players", (entry_id,)
    ):
        plain = figures(conn, row["players"], anchor_id, [entry_id])[entry_id]
        ratings.append(
            {
                "players": row["players"],
                "rating": Rating(row["mu"], row["sigma"]),
                "rated_deals": row["deals"],
                "figures": plain,
            }
        )
    shown = {
        (players, family)
        for players in {line["players"] for line in ratings}
        for family, deals in family_deals(conn, players).items()
        if deals >= FAMILY_MIN_DEALS
    }
    family_ratings = [
        {
            "players": row["players"],
            "family": row["family"],
            "rating": Rating(row["mu"], row["sigma"]),
            "rated_deals": row["deals"],
        }
        for row in _rows(
            conn,
            """SELECT players, family, mu, sigma, deals FROM arena_family_ratings WHERE entry_id = %s
                ORDER BY players, deals DESC, family""",
            (entry_id,),
        )
        if (row["players"], row["family"]) in shown
    ]
    history = _rows(
        conn,
        """SELECT players, deal_id, mu, sigma, rated_at FROM (
               SELECT * FROM arena_rating_history WHERE entry_id = %s ORDER BY deal_id DESC LIMIT %s) h
            ORDER BY deal_id""",
        (entry_id, HISTORY_POINTS),
    )
    games = _rows(
        conn,
        """SELECT t.game_id, t.deal_id, d.players, d.variant, s.seat, s.seat = d.candidate_seat AS candidate,
                  d.published_at IS NOT NULL AS published, t.score, t.end_condition,
                  t.timed_out_seat = s.seat AS timed_out, g.created_at
             FROM arena_seats s JOIN arena_tables t ON t.game_id = s.game_id
             JOIN arena_deals d ON d.id = t.deal_id JOIN games g ON g.id = t.game_id
            WHERE s.entry_id = %s ORDER BY t.game_id DESC LIMIT %s""",
        (entry_id, RECENT_GAMES),
    )
    for game in games:
        if not game["published"]:
            game.update(score=None, end_condition=None, timed_out=None)
    return {
        "entry": entry,
        "ratings": ratings,
        "family_ratings": family_ratings,
        "history": history,
        "recent_games": games,
    }


def deal(conn: psycopg.Connection, deal_id: int) -> dict:
    """A deal and its tables; its seed and the tables' results once it is published."""
    rows = _rows(conn, "SELECT * FROM arena_deals WHERE id = %s", (deal_id,))
    if not rows:
        raise NotFound(f"There is no arena deal {deal_id}.", "arena_deal_not_found")
    found = rows[0]
    published = found["published_at"] is not None
    tables = _rows(
        conn,
        """SELECT t.game_id, t.candidate_entry_id, t.score, t.strikes, t.end_condition, t.timed_out_seat,
                  ARRAY(SELECT coalesce(a.name, e.reference) FROM arena_seats s
                          JOIN arena_entries e ON e.id = s.entry_id LEFT JOIN accounts a ON a.id = e.account_id
                         WHERE s.game_id = t.game_id ORDER BY s.seat) AS seats
             FROM arena_tables t WHERE t.deal_id = %s ORDER BY t.game_id""",
        (deal_id,),
    )
    if not published:
        found["seed"] = None
        for table in tables:
            table.update(score=None, strikes=None, end_condition=None, timed_out_seat=None)
    found["tables"] = tables
    return found


def bot_entries(conn: psycopg.Connection, name: str) -> list[dict]:
    """The rating lines of the bot account `name`, newest first, with their ratings."""
    rows = (
        []
        if "\x00" in name
        else _rows(conn, "SELECT id FROM accounts WHERE lower(name) = lower(%s) AND kind = 'bot'", (name,))
    )
    if not rows:
        raise NotFound(f"There is no bot named {name!r}.", "bot_not_found")
    lines = _rows(conn, "SELECT id FROM arena_entries WHERE account_id = %s ORDER BY id DESC", (rows[0]["id"],))
    result = []
    for line in lines:
        ratings = _rows(
            conn,
            "SELECT players, mu, sigma, deals FROM arena_ratings WHERE entry_id = %s ORDER BY players",
            (line["id"],),
        )
        result.append({"entry": get_entry(conn, line["id"]), "ratings": ratings})
    return result
