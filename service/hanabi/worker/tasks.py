"""Every Celery task of the service: its name, what it runs, and when beat sends it.

Each is safe to run twice, late, or at the same time as a copy of itself.

    play_bot_turn(game_id, version)         bot_turns.play_bot_turn: the bot seat to move plays, if
                                            the game is still at `version`
    expire_turn(game_id, version)           deadlines.expire_turn: the time control's `on_timeout`
                                            once the turn's deadline has passed
    deliver_webhook(delivery_id, attempt)   hanabi.webhooks.delivery.deliver: one attempt
    sweep()                                 sweeper.sweep: what a lost message left undone
    purge_idempotency_keys()                retention.purge_idempotency_keys
    send_mail(), send_digests()             email: the outbox, and the daily digests
    sweep_correspondence()                  correspondence: vacations and idle games
    arena_round(), arena_expire_challenges()  hanabi.arena.rounds: deals, and unanswered challenges

The names are constants here, which the modules that send tasks import; the modules that do the
work are imported when the tasks are registered on an app, so importing this one costs nothing.
"""

from celery import Celery
from celery.schedules import crontab

PLAY_BOT_TURN = "hanabi.play_bot_turn"
EXPIRE_TURN = "hanabi.expire_turn"
DELIVER_WEBHOOK = "hanabi.deliver_webhook"
SWEEP = "hanabi.sweep"
PURGE_IDEMPOTENCY_KEYS = "hanabi.purge_idempotency_keys"
SEND_MAIL = "hanabi.send_mail"
SEND_DIGESTS = "hanabi.send_digests"
SWEEP_CORRESPONDENCE = "hanabi.sweep_correspondence"
ARENA_ROUND = "hanabi.arena_round"
EXPIRE_CHALLENGES = "hanabi.arena_expire_challenges"

GAME_TASKS = frozenset({PLAY_BOT_TURN, EXPIRE_TURN})
"""Tasks whose first argument is a game id."""

PURGE_SCHEDULE = crontab(minute=0)
"""The purge runs on the hour: a crontab rather than an interval, so that a beat restarted more
often than hourly still sends it."""
PURGE_EXPIRES_SECONDS = 3600
"""A purge that waited this long in the queue is dropped: the next one does its work."""
CORRESPONDENCE_SWEEP_SECONDS = 60


def register(app: Celery) -> None:
    """Declare every task on `app`; each runs with the app (its settings, pool and followups)."""
    from hanabi.arena import rounds
    from hanabi.webhooks import delivery

    from . import bot_turns, correspondence, deadlines, email, retention, sweeper

    def declare(name: str, work) -> None:
        def run(task, *args):
            return work(task.app, *args)

        run.__name__ = run.__qualname__ = work.__name__
        app.task(name=name, bind=True, shared=False)(run)

    declare(PLAY_BOT_TURN, bot_turns.play_bot_turn)
    declare(EXPIRE_TURN, deadlines.expire_turn)
    declare(DELIVER_WEBHOOK, delivery.deliver)
    declare(SWEEP, sweeper.sweep)
    declare(PURGE_IDEMPOTENCY_KEYS, retention.purge_idempotency_keys)
    declare(SEND_MAIL, email.send_mail)
    declare(SEND_DIGESTS, email.send_digests)
    declare(SWEEP_CORRESPONDENCE, correspondence.sweep_correspondence)
    declare(ARENA_ROUND, rounds.arena_round)
    declare(EXPIRE_CHALLENGES, rounds.expire_challenges)


def beat_schedule(settings) -> dict:
    """What beat sends, and how often; a run that waited longer than its interval in the queue
    is dropped, since the next one does its work."""

    def every(task: str, seconds: float) -> dict:
        return {"task": task, "schedule": seconds, "options": {"expires": seconds}}

    schedule = {
        "sweep": every(SWEEP, settings.sweep_seconds),
        "purge_idempotency_keys": {
            "task": PURGE_IDEMPOTENCY_KEYS,
            "schedule": PURGE_SCHEDULE,
            "options": {"expires": PURGE_EXPIRES_SECONDS},
        },
        "send_mail": every(SEND_MAIL, settings.sweep_seconds),
        "send_digests": {
            "task": SEND_DIGESTS,
            "schedule": crontab(minute=0, hour=settings.digest_hour),
            "options": {"expires": 3600},
        },
        "sweep_correspondence": every(SWEEP_CORRESPONDENCE, CORRESPONDENCE_SWEEP_SECONDS),
        "arena_expire_challenges": every(EXPIRE_CHALLENGES, settings.sweep_seconds),
    }
    if settings.arena:
        schedule["arena_round"] = every(ARENA_ROUND, settings.arena_round_seconds)
    return schedule
