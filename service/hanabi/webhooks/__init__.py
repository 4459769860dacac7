"""Webhooks: where they may go, and how each delivery is made.

    addresses   which hosts a webhook URL may reach (checked by the API at registration, and
                by the worker before each attempt)
    delivery    one attempt of a delivery: the signed POST, its outcome, the next attempt's backoff
                (the worker's task `deliver_webhook`, see hanabi.worker.tasks)

The registrations and the outbox of deliveries are stored by hanabi.store.webhooks.
"""
