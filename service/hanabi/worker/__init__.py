"""The asynchronous half of the service: Celery tasks that play bot seats and a sweeper that
catches whatever a lost message or a crashed worker left behind.

    celery_app   the Celery app: broker (Redis, or kombu's filesystem transport), task settings
    dispatch     what a commit sets off, sent as tasks (the store's Followups); importable without a broker
    game_tasks   the guard of the tasks keyed by (game, version)
    tasks        play_bot_turn(game_id, version), expire_turn(game_id, version) and sweep()
    deadlines    turn deadlines: expire_turn, its scheduling after commits, the overdue sweep
    sweeper      the checks sweep() runs (stalled bot turns, overdue turns, webhook deliveries)
    embedded     the worker child process that `hanabi serve` runs when no broker is configured

Dependencies point one way: worker -> bots -> engine, worker -> store. The API never imports
the worker: the composition root (hanabi.composition) gives the API the worker's `Followups`
(dispatch.Dispatch), and the API's /metrics the queue's depth.
"""
