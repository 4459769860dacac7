-- Accounts people keep (see docs/security.md, "Passwords"):
--
--   accounts.password_hash      argon2id (PHC string) of the account's password; null: none
--   accounts.email              where the account's mail goes, once verified; null: none
--   accounts.email_verified_at  when the account proved it reads `email` (a link); null: not yet
--   accounts.notify_*           what mail the account wants: immediately, daily (a digest) or off
--   accounts.unsubscribe_key    the key of the account's unsubscribe links: it can only turn mail
--                               off, so it is kept as it is (mails are written from the outbox)
--   account_links               one-time links mailed to the account (verify an email, reset
--                               the password): only their SHA-256 digest is kept
--   sign_in_attempts            failed sign-ins and password-reset requests, counted per account
--                               and per client address to limit guessing
--   email_outbox                mail to send, written in the transaction of what causes it and
--                               sent by the workers (hanabi.worker.email)

ALTER TABLE accounts
    ADD COLUMN password_hash text,
    ADD COLUMN email text CHECK (email IS NULL OR length(email) BETWEEN 3 AND 254),
    ADD COLUMN email_verified_at timestamptz,
    ADD COLUMN notify_your_turn text NOT NULL DEFAULT 'immediately'
        CHECK (notify_your_turn IN ('immediately', 'daily', 'off')),
    ADD COLUMN notify_game_over text NOT NULL DEFAULT 'immediately'
        CHECK (notify_game_over IN ('immediately', 'daily', 'off')),
    ADD COLUMN notify_deadline_reminder text NOT NULL DEFAULT 'immediately'
        CHECK (notify_deadline_reminder IN ('immediately', 'off')),
    ADD COLUMN unsubscribe_key text NOT NULL
        DEFAULT replace(gen_random_uuid()::text || gen_random_uuid()::text, '-', '');

-- One account per verified address: a password reset by email finds one account.
CREATE UNIQUE INDEX accounts_verified_email ON accounts (lower(email)) WHERE email_verified_at IS NOT NULL;
CREATE UNIQUE INDEX accounts_unsubscribe_key ON accounts (unsubscribe_key);

CREATE TABLE account_links (
    token_hash  bytea PRIMARY KEY CHECK (length(token_hash) = 32),
    account_id  bigint NOT NULL REFERENCES accounts (id),
    purpose     text NOT NULL CHECK (purpose IN ('verify_email', 'reset_password')),
    email       text NOT NULL,
    created_at  timestamptz NOT NULL DEFAULT now(),
    expires_at  timestamptz NOT NULL,
    used_at     timestamptz
);

CREATE INDEX account_links_by_account ON account_links (account_id, purpose);

CREATE TABLE sign_in_attempts (
    kind        text NOT NULL CHECK (kind IN ('sign_in_failed', 'password_reset')),
    account_id  bigint REFERENCES accounts (id),
    address     text NOT NULL,
    at          timestamptz NOT NULL DEFAULT now()
);

CREATE INDEX sign_in_attempts_by_account ON sign_in_attempts (kind, account_id, at) WHERE account_id IS NOT NULL;
CREATE INDEX sign_in_attempts_by_address ON sign_in_attempts (kind, address, at);

CREATE TABLE email_outbox (
    id           bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    account_id   bigint NOT NULL REFERENCES accounts (id),
    kind         text NOT NULL
        CHECK (kind IN ('verify_email', 'reset_password', 'your_turn', 'game_over', 'deadline_reminder', 'digest')),
    to_address   text NOT NULL,
    game_id      bigint REFERENCES games (id),
    payload      jsonb NOT NULL DEFAULT '{}',
    digest       boolean NOT NULL DEFAULT false,
    folded_into  bigint REFERENCES email_outbox (id),
    created_at   timestamptz NOT NULL DEFAULT now(),
    send_after   timestamptz NOT NULL DEFAULT now(),
    attempts     integer NOT NULL DEFAULT 0,
    outcome      text CHECK (outcome IN ('sent', 'skipped', 'failed', 'folded')),
    finished_at  timestamptz,
    last_error   text,
    CHECK ((outcome IS NULL) = (finished_at IS NULL))
);

-- Mail to send now, soonest first (the workers claim it FOR UPDATE SKIP LOCKED).
CREATE INDEX email_outbox_due ON email_outbox (send_after) WHERE outcome IS NULL AND NOT digest;
-- Notifications waiting for an account's daily digest.
CREATE INDEX email_outbox_digest ON email_outbox (account_id) WHERE outcome IS NULL AND digest;
