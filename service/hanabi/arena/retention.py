"""The arena's retention: published deals older than HANABI_ARENA_KEEP_DAYS are deleted with
their tables, seats, rating-history points and games, a few per round (`prune_deals`).

What a deal added to the plain figures (arena.reads.figures) is added first to
`arena_pruned_figures` and `arena_pruned_pairs`, in the same transaction, so the figures stay
those of every published deal; the paired sums are kept against every reference partner on
the deal, so they hold whichever of them is the anchor. Ratings are running values
(`arena_ratings`, `arena_family_ratings`) and need nothing of the deals: the leaderboard is
the same before and after. A game's event log is append-only but for this: a transaction that
sets `hanabi.deleting_games` may delete events (migration 0023). Answered challenges older than
the horizon are deleted too (their games are people's games, and stay).
"""

import psycopg

from hanabi.engine.variants import family_of
from hanabi.store.transactions import transaction

SECONDS_PER_DAY = 86400
MAX_PRUNED_PER_ROUND = 50
GAME_TABLES = (
    "game_seats",
    "game_events",
    "game_chat",
    "card_notes",
    "paused_turns",
    "account_events",
    "webhook_deliveries",
    "email_outbox",
    "api_tokens",
)
"""Every table whose rows belong to a game (a foreign key to `games`), cleared before the game
is deleted; the arena's own tables are cleared by `_delete_deal`."""


def prune_deals(conn: psycopg.Connection, keep_days: float, limit: int = MAX_PRUNED_PER_ROUND) -> int:
    """Delete up to `limit` published deals older than `keep_days` (oldest first), each in its
    own transaction with its figures kept; returns how many."""
    horizon = keep_days * SECONDS_PER_DAY
    deals = conn.execute(
        """SELECT id FROM arena_deals WHERE published_at < now() - make_interval(secs => %s)
            ORDER BY published_at, id LIMIT %s""",
        (horizon, limit),
    ).fetchall()
    pruned = sum(_prune_deal(conn, deal_id) for (deal_id,) in deals)
    conn.execute(
        """DELETE FROM arena_challenges
            WHERE status <> 'pending' AND created_at < now() - make_interval(secs => %s)""",
        (horizon,),
    )
    return pruned


def _prune_deal(conn: psycopg.Connection, deal_id: int) -> bool:
    with transaction(conn):
        row = conn.execute(
            "SELECT players, variant FROM arena_deals WHERE id = %s AND published_at IS NOT NULL FOR UPDATE",
            (deal_id,),
        ).fetchone()
        if row is None:
            return False
        players, variant = row
        _keep_figures(conn, deal_id, players, family_of(variant))
        _delete_deal(conn, deal_id)
    return True


def _keep_figures(conn: psycopg.Connection, deal_id: int, players: int, family: str) -> None:
    """Add the deal's results to the kept sums, as arena.reads.figures counts them."""
    params = {"deal": deal_id, "players": players, "family": family}
    conn.execute(
        """INSERT INTO arena_pruned_figures (entry_id, players, family, deals, score_sum, strikes_sum)
           SELECT candidate_entry_id, %(players)s, %(family)s, 1, coalesce(score, 0), coalesce(strikes, 0)
             FROM arena_tables WHERE deal_id = %(deal)s
           ON CONFLICT (entry_id, players, family) DO UPDATE
              SET deals = arena_pruned_figures.deals + 1,
                  score_sum = arena_pruned_figures.score_sum + excluded.score_sum,
                  strikes_sum = arena_pruned_figures.strikes_sum + excluded.strikes_sum""",
        params,
    )
    conn.execute(
        """INSERT INTO arena_pruned_figures (entry_id, players, family, games, timeouts)
           SELECT s.entry_id, %(players)s, %(family)s, count(*), count(*) FILTER (WHERE t.timed_out_seat = s.seat)
             FROM arena_seats s JOIN arena_tables t ON t.game_id = s.game_id
            WHERE t.deal_id = %(deal)s GROUP BY s.entry_id
           ON CONFLICT (entry_id, players, family) DO UPDATE
              SET games = arena_pruned_figures.games + excluded.games,
                  timeouts = arena_pruned_figures.timeouts + excluded.timeouts""",
        params,
    )
    conn.execute(
        """INSERT INTO arena_pruned_pairs (entry_id, players, family, anchor_entry_id, n, total, squares)
           SELECT t.candidate_entry_id, %(players)s, %(family)s, a.candidate_entry_id, 1,
                  t.score - a.score, (t.score - a.score) ^ 2
             FROM arena_tables t JOIN arena_deals d ON d.id = t.deal_id
             JOIN arena_tables a ON a.deal_id = t.deal_id AND a.candidate_entry_id <> t.candidate_entry_id
             JOIN arena_entries r ON r.id = a.candidate_entry_id AND r.reference IS NOT NULL
            WHERE t.deal_id = %(deal)s
              AND (t.timed_out_seat IS NULL OR t.timed_out_seat = d.candidate_seat)
              AND a.timed_out_seat IS NULL
           ON CONFLICT (entry_id, players, family, anchor_entry_id) DO UPDATE
              SET n = arena_pruned_pairs.n + 1,
                  total = arena_pruned_pairs.total + excluded.total,
                  squares = arena_pruned_pairs.squares + excluded.squares""",
        params,
    )


def _delete_deal(conn: psycopg.Connection, deal_id: int) -> None:
    games = [row[0] for row in conn.execute("SELECT game_id FROM arena_tables WHERE deal_id = %s", (deal_id,))]
    conn.execute("DELETE FROM arena_rating_history WHERE deal_id = %s", (deal_id,))
    conn.execute("DELETE FROM arena_seats WHERE game_id = ANY(%s)", (games,))
    conn.execute("DELETE FROM arena_tables WHERE deal_id = %s", (deal_id,))
    conn.execute("DELETE FROM arena_deals WHERE id = %s", (deal_id,))
    conn.execute("SET LOCAL hanabi.deleting_games = on")
    for table in GAME_TABLES:
        conn.execute(f"DELETE FROM {table} WHERE game_id = ANY(%s)", (games,))
    conn.execute("DELETE FROM games WHERE id = ANY(%s)", (games,))
