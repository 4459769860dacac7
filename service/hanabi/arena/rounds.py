"""The arena's worker tasks (registered and scheduled in hanabi.worker.tasks): rounds, and the
expiry of challenges.

arena_round()
    Beat sends it every HANABI_ARENA_ROUND_SECONDS while HANABI_ARENA is on. It publishes (and
    rates) every deal whose tables have all finished, then deals new ones while fewer than
    HANABI_ARENA_MAX_GAMES arena games are being played: each deal for bots that are online,
    in the arena, and in fewer than HANABI_ARENA_GAMES_PER_BOT arena games. A round holds a
    session advisory lock, so two rounds never deal at once (a copy sent twice finds the lock
    taken and does nothing); everything it does is its own transaction, and a round that dies
    half-way leaves only whole deals, which the next round picks up: a published deal is never
    rated twice (publishing it locks it and checks it is unpublished), and the games of a deal
    play on through the usual bot turns and deadlines, whoever dealt them. Last, it deletes
    a few published deals older than HANABI_ARENA_KEEP_DAYS (arena.retention), keeping what
    they added to the figures.

arena_expire_challenges()
    Beat sends it every HANABI_SWEEP_SECONDS: challenges not answered in time are expired and
    their lobby games ended.
"""

import logging
import random

from hanabi.engine import VARIANTS
from hanabi.store.followups import NO_FOLLOWUPS, Followups

from . import challenges, retention, store
from .lineups import Participant, plan_deal

MAX_DEALS_PER_ROUND = 20

log = logging.getLogger(__name__)


def expire_challenges(app) -> int:
    """Expire the challenges not answered in time, and end their lobby games; how many."""
    with app.database().connection() as conn:
        return challenges.expire_due(conn, followups=app.followups)


def arena_round(app, rng: random.Random | None = None) -> dict[str, int]:
    """One round; returns how many deals it published and dealt (`skipped` when another round
    held the lock)."""
    settings = app.hanabi_settings
    rng = rng or random.Random()
    with app.database().connection() as conn:
        if not conn.execute("SELECT pg_try_advisory_lock(%s)", (store.ROUND_LOCK,)).fetchone()[0]:
            return {"skipped": 1}
        try:
            published = sum(store.publish_deal(conn, deal_id) for deal_id in store.deals_to_publish(conn))
            dealt = deal_new(conn, settings, rng, app.followups) if settings.arena else 0
            pruned = retention.prune_deals(conn, settings.arena_keep_days)
        finally:
            conn.execute("SELECT pg_advisory_unlock(%s)", (store.ROUND_LOCK,))
    if published or dealt or pruned:
        log.info("arena round: published %d deals, dealt %d, deleted %d past the horizon", published, dealt, pruned)
    return {"published": published, "dealt": dealt, "pruned": pruned}


def deal_new(conn, settings, rng: random.Random, followups: Followups = NO_FOLLOWUPS) -> int:
    """Deal while there is room; returns how many deals were made."""
    references = store.reference_entries(conn, settings.arena_partners)
    running = store.running_games(conn)
    busy = store.busy_accounts(conn)
    online = [entry for entry, _ in store.online_entries(conn, settings.arena_online_seconds)]
    secret = store.arena_secret(conn, settings.arena_secret)
    dealt = 0
    while dealt < MAX_DEALS_PER_ROUND:
        free = [entry for entry in online if busy.get(entry.account_id, 0) < settings.arena_games_per_bot]
        if not free or running >= settings.arena_max_games:
            break
        lead = rng.choice(free)
        players = rng.choice(lead.player_counts)
        variant = _variant_for(lead, rng)
        counts = store.rated_deals(conn, players)
        bots = [
            Participant(entry.id, entry.account_id, None, counts.get(entry.id, 0))
            for entry in free
            if entry.plays(players, variant)
        ]
        partners = [
            Participant(entry.id, None, entry.reference, counts.get(entry.id, 0))
            for entry in references
            if entry.plays(players, variant)
        ]
        plan = plan_deal(players, partners, bots, tables=settings.arena_tables_per_deal, rng=rng)
        if plan is None:
            break
        tables = len(plan.candidates)
        if running and running + tables > settings.arena_max_games:
            break
        store.create_deal(
            conn,
            players,
            variant,
            plan,
            secret=secret,
            turn_seconds=settings.arena_turn_seconds,
            followups=followups,
        )
        running += tables
        dealt += 1
        for candidate in plan.candidates:
            for seat in plan.seats_of(candidate):
                if seat.account_id is not None:
                    busy[seat.account_id] = busy.get(seat.account_id, 0) + 1
    return dealt


def _variant_for(entry: store.Entry, rng: random.Random) -> str:
    """A variant the entry plays: one it names, or one of a family it names."""
    choice = rng.choice(entry.variants)
    if choice in VARIANTS:
        return choice
    return rng.choice(store.variants_of(choice))
