"""The arena's store on a real Postgres: entries and rating lines, deals played at several
tables, publication and rating, presence, and the round that deals (hanabi.arena)."""

import random
import threading
from types import SimpleNamespace

import pytest
from hanabi.arena import reads, retention, rounds
from hanabi.arena import store as arena
from hanabi.arena.lineups import Participant, plan_deal
from hanabi.arena.presence import PresenceMarks
from hanabi.bots import basic, random_bot
from hanabi.config import load_settings
from hanabi.engine import EndCondition, EndGame, view
from hanabi.store.database import connect, create_pool
from hanabi.store.errors import Forbidden, InvalidRequest, NotFound
from hanabi.store.followups import NO_FOLLOWUPS
from hanabi.store.games import load_game
from hanabi.store.moves import make_move

from tests.waiting import until

SECRET = b"s" * 32


def play_out(conn, game_id, choose=basic.choose, stop_at_seat=None):
    """Play the game to its end, every seat by `choose` (the test plays the bots' seats too);
    with `stop_at_seat`, end it by a time-out of that seat on its first turn."""
    rng = random.Random(game_id)
    while True:
        game, state = load_game(conn, game_id)
        if state.is_over:
            return game
        seat = state.current_seat
        if seat == stop_at_seat:
            make_move(conn, game_id, EndGame(seat, EndCondition.TIMEOUT), by="server_timeout")
            continue
        make_move(conn, game_id, choose(view(state, seat), rng))


@pytest.fixture
def bot(make_account):
    def make():
        account, _ = make_account("bot", prefix="arena-bot")
        return account

    return make


def test_a_bot_enters_and_a_new_version_starts_a_new_rating_line(conn, bot):
    account = bot()
    first = arena.enter(conn, account.id, "bot", "v1", [3, 2, 3], ["No Variant", "one special suit"])
    assert first.player_counts == (2, 3) and first.variants == ("No Variant", "one special suit") and first.active
    assert (
        first.plays(2, "No Variant")
        and first.plays(3, "Rainbow (6 Suits)")
        and not first.plays(2, "Black & Rainbow (6 Suits)")
        and not first.plays(4, "No Variant")
    )
    changed = arena.enter(conn, account.id, "bot", "v1", [4], [])
    assert changed.id == first.id and changed.player_counts == (4,) and changed.variants == ("No Variant",)
    second = arena.enter(conn, account.id, "bot", "v2", [2], ["No Variant"])
    assert second.id != first.id
    assert [entry.id for entry in arena.entries_of(conn, account.id)] == [second.id, first.id]
    assert arena.active_entry(conn, account.id).id == second.id
    assert arena.enter(conn, account.id, "bot", "v1", [2], []).id == first.id
    assert arena.leave(conn, account.id) and arena.active_entry(conn, account.id) is None
    assert not arena.leave(conn, account.id)


def test_only_bots_enter_and_what_they_play_is_checked(conn, bot, make_account):
    person, _ = make_account("human")
    with pytest.raises(Forbidden) as refused:
        arena.enter(conn, person.id, "human", "v1", [2], [])
    assert refused.value.code == "not_a_bot"
    account = bot()
    for counts, variants, code in (
        ([1], [], "invalid_player_counts"),
        ([], [], "invalid_player_counts"),
        ([2], ["Nothing Such"], "unknown_variant"),
    ):
        with pytest.raises(InvalidRequest) as refused:
            arena.enter(conn, account.id, "bot", "v1", counts, variants)
        assert refused.value.code == code


def deal_for(conn, bots, players=3, tables=4, seed=0, variant="No Variant"):
    references = arena.reference_entries(conn, ("basic",))
    plan = plan_deal(
        players,
        [Participant(entry.id, None, entry.reference) for entry in references],
        [Participant(entry.id, entry.account_id, None) for entry in bots],
        tables=tables,
        rng=random.Random(seed),
    )
    return arena.create_deal(conn, players, variant, plan, secret=SECRET, turn_seconds=30), plan


def tables_of(conn, deal_id):
    return conn.execute(
        "SELECT game_id, candidate_entry_id FROM arena_tables WHERE deal_id = %s ORDER BY game_id", (deal_id,)
    ).fetchall()


def test_a_deal_is_one_deck_at_every_table_and_its_games_start_with_the_bots_seated(conn, bot):
    entries = [arena.enter(conn, bot().id, "bot", "v1", [3], []) for _ in range(2)]
    deal_id, plan = deal_for(conn, entries)
    tables = tables_of(conn, deal_id)
    assert len(tables) == 3
    decks, seed = set(), conn.execute("SELECT seed FROM arena_deals WHERE id = %s", (deal_id,)).fetchone()[0]
    for game_id, candidate in tables:
        game, _ = load_game(conn, game_id)
        assert game.status == "running" and game.seed is None
        assert game.time_control.kind == "per_turn" and game.time_control.on_timeout == "end"
        decks.add(game.deck)
        seat = game.seats[plan.candidate_seat]
        entry = next((entry for entry in entries if entry.id == candidate), None)
        if entry is None:
            assert seat.bot_strategy == "basic"
        else:
            assert seat.account_id == entry.account_id
        for number, other in enumerate(game.seats):
            if number != plan.candidate_seat:
                assert other.bot_strategy == "basic"
    assert len(decks) == 1 and len(seed) == 32
    assert arena.busy_accounts(conn)[entries[0].account_id] == 1


def test_a_deal_is_published_and_rated_once_every_table_has_finished(conn, bot):
    good, weak = (arena.enter(conn, bot().id, "bot", "v1", [2], []) for _ in range(2))
    deal_id, _ = deal_for(conn, [good, weak], players=2, tables=3, seed=5)
    games = {candidate: game_id for game_id, candidate in tables_of(conn, deal_id)}
    play_out(conn, games[good.id])
    play_out(conn, games[weak.id], choose=random_bot.choose)
    assert deal_id not in arena.deals_to_publish(conn)
    assert arena.unpublished_finished_game(conn, games[good.id]) == deal_id
    assert reads.deal(conn, deal_id)["seed"] is None
    assert not arena.publish_deal(conn, deal_id)
    anchor = next(game_id for candidate, game_id in games.items() if candidate not in (good.id, weak.id))
    play_out(conn, anchor)

    assert deal_id in arena.deals_to_publish(conn)
    assert arena.publish_deal(conn, deal_id)
    assert not arena.publish_deal(conn, deal_id)
    assert arena.unpublished_finished_game(conn, games[good.id]) is None
    shown = reads.deal(conn, deal_id)
    assert shown["seed"] and shown["published_at"] and all(table["score"] is not None for table in shown["tables"])
    ratings = dict(
        conn.execute(
            "SELECT entry_id, mu FROM arena_ratings WHERE players = 2 AND entry_id = ANY(%s)", ([good.id, weak.id],)
        ).fetchall()
    )
    assert ratings[good.id] > ratings[weak.id]
    profile = reads.entry_profile(conn, good.id, "basic")
    assert [point["deal_id"] for point in profile["history"]] == [deal_id]
    (line,) = profile["ratings"]
    figures = line["figures"]
    assert figures.deals == 1 and figures.games == 1 and figures.timeouts == 0
    scores = {table["candidate_entry_id"]: table["score"] for table in shown["tables"]}
    anchor_entry = next(candidate for candidate in scores if candidate not in (good.id, weak.id))
    assert figures.paired.n == 1 and figures.paired.mean == scores[good.id] - scores[anchor_entry]
    assert profile["recent_games"][0]["game_id"] == games[good.id] and profile["recent_games"][0]["published"]


def test_a_deal_is_rated_in_its_variant_family_too_shown_once_the_family_has_enough_deals(conn, bot, monkeypatch):
    good, weak = (arena.enter(conn, bot().id, "bot", "v1", [2], ["Rainbow (5 Suits)"]) for _ in range(2))
    family = "one special suit"
    before = reads.family_deals(conn, 2).get(family, 0)
    deal_id, _ = deal_for(conn, [good, weak], players=2, tables=3, seed=11, variant="Rainbow (5 Suits)")
    for game_id, candidate in tables_of(conn, deal_id):
        play_out(conn, game_id, choose=random_bot.choose if candidate == weak.id else basic.choose)
    assert arena.publish_deal(conn, deal_id)

    assert reads.family_deals(conn, 2)[family] == before + 1
    rated = conn.execute(
        "SELECT entry_id, family, deals FROM arena_family_ratings WHERE entry_id = ANY(%s) ORDER BY entry_id",
        ([good.id, weak.id],),
    ).fetchall()
    assert rated == [(good.id, family, 1), (weak.id, family, 1)]
    assert reads.leaderboard(conn, 2, "basic", 60, family=family) == []
    assert reads.entry_profile(conn, good.id, "basic")["family_ratings"] == []
    assert reads.leaderboard(conn, 2, "basic", 60, family="plain suits") == []

    monkeypatch.setattr(reads, "FAMILY_MIN_DEALS", before + 1)
    board = [standing.entry.id for standing in reads.leaderboard(conn, 2, "basic", 60, family=family)]
    assert board.index(good.id) < board.index(weak.id)
    (line,) = reads.entry_profile(conn, good.id, "basic")["family_ratings"]
    assert line["players"] == 2 and line["family"] == family and line["rated_deals"] == 1
    in_family = reads.figures(conn, 2, reads.anchor_entry(conn, "basic"), [good.id], family)[good.id]
    elsewhere = reads.figures(conn, 2, reads.anchor_entry(conn, "basic"), [good.id], "plain suits")[good.id]
    assert in_family.deals == 1 and in_family.games == 1 and elsewhere.deals == 0 and elsewhere.mean_score is None


def test_a_candidate_that_times_out_ranks_last_and_its_time_out_is_counted(conn, bot):
    slow, steady = (arena.enter(conn, bot().id, "bot", "v1", [2], []) for _ in range(2))
    deal_id, plan = deal_for(conn, [slow, steady], players=2, tables=3, seed=7)
    for game_id, candidate in tables_of(conn, deal_id):
        play_out(conn, game_id, stop_at_seat=plan.candidate_seat if candidate == slow.id else None)
    assert arena.publish_deal(conn, deal_id)
    figures = reads.figures(conn, 2, reads.anchor_entry(conn, "basic"), [slow.id, steady.id])
    assert figures[slow.id].timeouts == 1 and figures[slow.id].mean_score == 0
    assert figures[steady.id].timeouts == 0
    history = dict(
        conn.execute("SELECT entry_id, mu FROM arena_rating_history WHERE deal_id = %s", (deal_id,)).fetchall()
    )
    assert history[slow.id] < history[steady.id]


def test_presence_marks_make_a_bot_online_for_a_while(conn, bot):
    account = bot()
    entry = arena.enter(conn, account.id, "bot", "v1", [2], [])
    assert not arena.is_online(conn, account.id, 60)
    arena.mark_seen(conn, [account.id, account.id, 2**40])
    assert arena.is_online(conn, account.id, 60)
    assert entry.id in [found.id for found, _ in arena.online_entries(conn, 60)]
    conn.execute(
        "UPDATE bot_presence SET last_seen_at = now() - interval '2 minutes' WHERE account_id = %s", (account.id,)
    )
    assert not arena.is_online(conn, account.id, 60)
    assert entry.id not in [found.id for found, _ in arena.online_entries(conn, 60)]


def test_a_flush_returns_once_the_marks_its_thread_was_writing_are_written(database_url, conn, bot):
    """A caller's flush while the thread's flush is writing (here held by a lock on the bot's
    presence row) waits for that write: the marks taken before the call are then all online."""
    account = bot()
    arena.mark_seen(conn, [account.id])
    conn.execute(
        "UPDATE bot_presence SET last_seen_at = now() - interval '2 minutes' WHERE account_id = %s", (account.id,)
    )
    pool = create_pool(database_url, min_size=1, max_size=2)
    marks = PresenceMarks(pool, flush_seconds=0.05)
    try:
        with connect(database_url) as holder:
            holder.execute("BEGIN")
            holder.execute("SELECT 1 FROM bot_presence WHERE account_id = %s FOR UPDATE", (account.id,))
            marks.mark(account.id)
            until(
                lambda: conn.execute(
                    """SELECT count(*) FROM pg_stat_activity WHERE datname = current_database()
                       AND wait_event_type = 'Lock' AND query LIKE '%%bot_presence%%'"""
                ).fetchone()[0],
                10,
                "the thread's flush waits on the row lock",
            )
            flushed = threading.Thread(target=marks.flush)
            flushed.start()
            flushed.join(0.3)
            assert flushed.is_alive(), "the caller's flush waits for the thread's write"
            holder.execute("ROLLBACK")
        flushed.join(10)
        assert not flushed.is_alive()
        assert arena.is_online(conn, account.id, 60)
    finally:
        pool.close()


def test_a_round_deals_for_online_bots_within_its_bounds_and_publishes_what_finished(database_url, conn, bot):
    settings = load_settings(
        {"HANABI_ARENA": "on", "HANABI_ARENA_MAX_GAMES": "100000", "HANABI_ARENA_TABLES_PER_DEAL": "3"}
    )
    pool = create_pool(database_url, min_size=1, max_size=2)
    app = SimpleNamespace(hanabi_settings=settings, database=lambda: pool, followups=NO_FOLLOWUPS)
    try:
        online = [arena.enter(conn, bot().id, "bot", "v1", [2], []) for _ in range(2)]
        arena.enter(conn, bot().id, "bot", "v1", [2], [])  # never seen: not dealt to
        arena.mark_seen(conn, [entry.account_id for entry in online])
        first = rounds.arena_round(app, random.Random(1))
        assert first["dealt"] >= 1
        busy = arena.busy_accounts(conn)
        for entry in online:
            assert busy.get(entry.account_id, 0) == settings.arena_games_per_bot
        rounds.arena_round(app, random.Random(2))
        for entry in online:
            assert arena.busy_accounts(conn).get(entry.account_id, 0) <= settings.arena_games_per_bot
        deals = conn.execute(
            """SELECT DISTINCT t.deal_id FROM arena_tables t JOIN arena_seats s ON s.game_id = t.game_id
                WHERE s.entry_id = ANY(%s)""",
            ([entry.id for entry in online],),
        ).fetchall()
        for (deal_id,) in deals:
            for game_id, _ in tables_of(conn, deal_id):
                play_out(conn, game_id)
        published = rounds.arena_round(app, random.Random(3))
        assert published["published"] >= len(deals)
        assert all(conn.execute("SELECT published_at FROM arena_deals WHERE id = %s", d).fetchone()[0] for d in deals)
    finally:
        pool.close()


def test_a_round_holding_the_lock_makes_another_skip(database_url, conn):
    settings = load_settings({"HANABI_ARENA": "on"})
    pool = create_pool(database_url, min_size=1, max_size=2)
    app = SimpleNamespace(hanabi_settings=settings, database=lambda: pool, followups=NO_FOLLOWUPS)
    try:
        conn.execute("SELECT pg_advisory_lock(%s)", (arena.ROUND_LOCK,))
        assert rounds.arena_round(app) == {"skipped": 1}
    finally:
        conn.execute("SELECT pg_advisory_unlock(%s)", (arena.ROUND_LOCK,))
        pool.close()


def test_retention_deletes_old_deals_and_their_games_and_keeps_ratings_and_figures_whole(conn, bot):
    good, weak = (arena.enter(conn, bot().id, "bot", "v1", [2], ["No Variant", "Rainbow (5 Suits)"]) for _ in range(2))
    deals = []
    for seed, variant in ((21, "No Variant"), (22, "Rainbow (5 Suits)"), (23, "No Variant")):
        deal_id, plan = deal_for(conn, [good, weak], players=2, tables=3, seed=seed, variant=variant)
        for game_id, candidate in tables_of(conn, deal_id):
            choose = random_bot.choose if candidate == weak.id else basic.choose
            play_out(conn, game_id, choose=choose, stop_at_seat=plan.candidate_seat if seed == 22 else None)
        assert arena.publish_deal(conn, deal_id)
        deals.append(deal_id)
    old, kept = deals[:2], deals[2]
    old_games = [game_id for deal_id in old for game_id, _ in tables_of(conn, deal_id)]
    anchor = reads.anchor_entry(conn, "basic")
    ids = [good.id, weak.id, anchor]

    def state():
        return (
            {
                family: reads.figures(conn, 2, anchor, ids, family)
                for family in (None, "plain suits", "one special suit")
            },
            conn.execute(
                """SELECT entry_id, mu, sigma, deals FROM arena_ratings
                    WHERE players = 2 AND entry_id = ANY(%s) ORDER BY 1""",
                (ids,),
            ).fetchall(),
        )

    before = state()
    conn.execute("UPDATE arena_deals SET published_at = now() - interval '91 days' WHERE id = ANY(%s)", (old,))
    assert retention.prune_deals(conn, 90) == 2
    assert retention.prune_deals(conn, 90) == 0

    after = state()
    assert after[1] == before[1]
    for family, figures in before[0].items():
        for entry_id, was in figures.items():
            now = after[0][family][entry_id]
            assert (now.deals, now.games, now.timeouts, now.paired.n) == (
                was.deals,
                was.games,
                was.timeouts,
                was.paired.n,
            )
            assert now.mean_score == pytest.approx(was.mean_score) and now.mean_strikes == pytest.approx(
                was.mean_strikes
            )
            assert now.paired.mean == pytest.approx(was.paired.mean)
            assert now.paired.standard_error == pytest.approx(was.paired.standard_error)
    assert before[0][None][weak.id].timeouts == 1 and before[0][None][good.id].deals == 3
    for deal_id in old:
        with pytest.raises(NotFound):
            reads.deal(conn, deal_id)
    assert reads.deal(conn, kept)["seed"]
    assert conn.execute("SELECT count(*) FROM games WHERE id = ANY(%s)", (old_games,)).fetchone()[0] == 0
    history = reads.entry_profile(conn, good.id, "basic")["history"]
    assert [point["deal_id"] for point in history] == [kept]


def test_retention_clears_every_table_that_holds_a_games_rows(conn):
    referencing = {
        table
        for (table,) in conn.execute(
            "SELECT conrelid::regclass::text FROM pg_constraint WHERE contype = 'f' AND confrelid = 'games'::regclass"
        ).fetchall()
    }
    assert referencing - {"arena_tables", "arena_challenges"} == set(retention.GAME_TABLES)
