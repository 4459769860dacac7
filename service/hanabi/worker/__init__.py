"""The asynchronous half of the service: Celery tasks that play bot seats, expire turns, deliver
webhooks and mail, and a sweeper that catches whatever a lost message or a crashed worker left
behind.

    tasks            every task: its name, what it runs, and beat's schedule
    celery_app       the Celery app: broker (Redis, or kombu's filesystem transport), task settings
    dispatch         what a commit sets off, sent as tasks (the store's Followups); importable without a broker
    game_tasks       the guard of the tasks keyed by (game, version)
    bot_turns        a bot seat's turn
    deadlines        turn deadlines: expire_turn, its scheduling after commits, the overdue sweep
    sweeper          the checks sweep() runs (stalled bot turns, overdue turns, webhook deliveries)
    email            the mail outbox and the daily digests
    correspondence   vacations and idle games
    retention        the purge of old Idempotency-Key records
    embedded         the worker child process that `hanabi serve` runs when no broker is configured
    metrics_server, queue_depth, filesystem_broker, redis_broker: the worker's metrics and brokers

Webhook deliveries are hanabi.webhooks.delivery; the arena's rounds are hanabi.arena.rounds.
Dependencies point one way: worker -> bots -> engine, worker -> store. The API never imports
the worker: the composition root (hanabi.runtime.composition) gives the API the worker's
`Followups` (dispatch.Dispatch), and the API's /metrics the queue's depth.
"""
