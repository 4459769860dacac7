-- The initial schema: accounts and their API tokens, games with their seats and an
-- append-only event log, and stored responses for Idempotency-Key retries.

CREATE TABLE accounts (
    id          bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    name        text NOT NULL CHECK (length(name) BETWEEN 1 AND 64),
    kind        text NOT NULL CHECK (kind IN ('human', 'bot')),
    created_at  timestamptz NOT NULL DEFAULT now()
);

-- Names are unique regardless of case, so "Alice" cannot pass for "alice".
CREATE UNIQUE INDEX accounts_name_key ON accounts (lower(name));

-- Only the SHA-256 digest of a token is stored; the token itself is shown once.
CREATE TABLE api_tokens (
    token_hash  bytea PRIMARY KEY CHECK (length(token_hash) = 32),
    account_id  bigint NOT NULL REFERENCES accounts (id),
    created_at  timestamptz NOT NULL DEFAULT now(),
    revoked_at  timestamptz
);

CREATE INDEX api_tokens_account ON api_tokens (account_id);

-- A game is its options, its deck and its events. Every other column is derived from the
-- events and written in the same transaction as the event that changes it.
CREATE TABLE games (
    id             bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    options        jsonb NOT NULL,
    deck           jsonb NOT NULL,
    seed           text,
    players        smallint NOT NULL CHECK (players > 0),
    creator_id     bigint REFERENCES accounts (id),
    status         text NOT NULL DEFAULT 'lobby' CHECK (status IN ('lobby', 'running', 'finished')),
    version        integer NOT NULL DEFAULT 0 CHECK (version >= 0),
    free_seats     smallint NOT NULL CHECK (free_seats >= 0),
    turn           integer NOT NULL DEFAULT 0,
    current_seat   smallint,
    score          smallint NOT NULL DEFAULT 0,
    end_condition  text NOT NULL DEFAULT 'in_progress',
    created_at     timestamptz NOT NULL DEFAULT now(),
    updated_at     timestamptz NOT NULL DEFAULT now(),
    deadline       timestamptz,
    CHECK ((status = 'running') = (current_seat IS NOT NULL))
);

-- The lobby: games by status, newest first (ids grow with creation time).
CREATE INDEX games_by_status ON games (status, id DESC);

-- Running games whose turn has a deadline, soonest first (for the deadline sweeper).
CREATE INDEX games_by_deadline ON games (deadline) WHERE status = 'running' AND deadline IS NOT NULL;

-- A seat is open (no one yet), reserved for one account, taken by an account, or played by a
-- built-in bot strategy.
CREATE TABLE game_seats (
    game_id       bigint NOT NULL REFERENCES games (id),
    seat          smallint NOT NULL CHECK (seat >= 0),
    reserved_for  bigint REFERENCES accounts (id),
    account_id    bigint REFERENCES accounts (id),
    bot_strategy  text,
    joined_at     timestamptz,
    PRIMARY KEY (game_id, seat),
    CHECK (bot_strategy IS NULL OR (account_id IS NULL AND reserved_for IS NULL)),
    CHECK (reserved_for IS NULL OR account_id IS NULL OR account_id = reserved_for),
    CHECK ((account_id IS NULL) = (joined_at IS NULL))
);

-- One seat per account and game; also serves "my games" (by account, newest game first)
-- and "my turn" (joined with games on id and current_seat).
CREATE UNIQUE INDEX game_seats_by_account ON game_seats (account_id, game_id) WHERE account_id IS NOT NULL;

-- One reservation per account and game; also serves "games I am invited to".
CREATE UNIQUE INDEX game_seats_by_reservation ON game_seats (reserved_for, game_id) WHERE reserved_for IS NOT NULL;

-- The event log. The primary key (game_id, seq) is the optimistic lock: a writer inserts
-- seq = version + 1, so of two writers that saw the same version only one can succeed.
CREATE TABLE game_events (
    game_id     bigint NOT NULL REFERENCES games (id),
    seq         integer NOT NULL CHECK (seq >= 1),
    type        text NOT NULL,
    seat        smallint,
    payload     jsonb NOT NULL DEFAULT '{}',
    created_at  timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (game_id, seq)
);

CREATE FUNCTION game_events_reject_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    RAISE EXCEPTION 'game_events is append-only: % is not allowed', TG_OP
        USING ERRCODE = 'restrict_violation';
END;
$$;

CREATE TRIGGER game_events_append_only
    BEFORE UPDATE OR DELETE ON game_events
    FOR EACH ROW EXECUTE FUNCTION game_events_reject_change();

CREATE TRIGGER game_events_no_truncate
    BEFORE TRUNCATE ON game_events
    FOR EACH STATEMENT EXECUTE FUNCTION game_events_reject_change();

-- The first response to a state-changing request, replayed for retries with the same key.
CREATE TABLE idempotency_keys (
    account_id        bigint NOT NULL REFERENCES accounts (id),
    key               text NOT NULL CHECK (length(key) BETWEEN 1 AND 255),
    request_hash      bytea NOT NULL,
    response_status   smallint,
    response_headers  jsonb NOT NULL DEFAULT '{}',
    response_body     jsonb,
    created_at        timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (account_id, key)
);

CREATE INDEX idempotency_keys_by_age ON idempotency_keys (created_at);
