-- Idempotency-Keys are scoped per endpoint: the same key may be used once for each method and
-- path of an account (a bot that numbers its keys per endpoint or per game never collides).
-- Keys stored before this migration have the empty scope, which no request has: a retry of one
-- runs as a new request (keys are kept a day at most).

ALTER TABLE idempotency_keys ADD COLUMN scope text NOT NULL DEFAULT '';
ALTER TABLE idempotency_keys DROP CONSTRAINT idempotency_keys_pkey;
ALTER TABLE idempotency_keys ADD PRIMARY KEY (account_id, scope, key);
