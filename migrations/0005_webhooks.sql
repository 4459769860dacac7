-- Webhooks: URLs that accounts register, and an outbox of deliveries. A delivery row is written
-- in the same transaction as the game change it reports (so a committed change is never
-- without its deliveries, and a rolled-back one never has any); workers POST it afterwards.
--
-- The secret is stored as given: the worker needs it to sign each delivery (HMAC-SHA256).

CREATE TABLE webhooks (
    id          bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    account_id  bigint NOT NULL REFERENCES accounts (id),
    url         text NOT NULL CHECK (length(url) BETWEEN 1 AND 2000),
    secret      text NOT NULL,
    created_at  timestamptz NOT NULL DEFAULT now()
);

CREATE INDEX webhooks_by_account ON webhooks (account_id, id);

CREATE TABLE webhook_deliveries (
    id                bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    webhook_id        bigint NOT NULL REFERENCES webhooks (id) ON DELETE CASCADE,
    type              text NOT NULL CHECK (type IN ('game_started', 'your_turn', 'game_over')),
    game_id           bigint NOT NULL REFERENCES games (id),
    version           integer NOT NULL,
    seat              smallint,
    occurred_at       timestamptz NOT NULL,
    status            text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'delivered', 'failed')),
    attempts          integer NOT NULL DEFAULT 0 CHECK (attempts >= 0),
    -- When the next attempt is due; while one runs, when it is given up as lost. NULL once done.
    next_attempt_at   timestamptz,
    last_attempt_at   timestamptz,
    last_status_code  smallint,
    last_error        text,
    delivered_at      timestamptz,
    created_at        timestamptz NOT NULL DEFAULT now(),
    CONSTRAINT webhook_deliveries_due_while_pending CHECK ((status = 'pending') = (next_attempt_at IS NOT NULL)),
    UNIQUE (webhook_id, game_id, version, type)
);

CREATE INDEX webhook_deliveries_by_webhook ON webhook_deliveries (webhook_id, id DESC);
CREATE INDEX webhook_deliveries_due ON webhook_deliveries (next_attempt_at) WHERE status = 'pending';
