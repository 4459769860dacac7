-- Vacations (see docs/api.md, "Your inbox, vacations and idle games"):
--
--   vacations     an account's vacations; one at most is open (ended_at null). The days taken
--                 in a calendar year are capped by HANABI_VACATION_DAYS
--   paused_turns  a correspondence game's turn paused while the account to move is away: the
--                 time it had left. games.deadline is null meanwhile (so no expiry runs), and
--                 is set to now + remaining when the account returns, if that turn is still on

CREATE TABLE vacations (
    id          bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    account_id  bigint NOT NULL REFERENCES accounts (id),
    started_at  timestamptz NOT NULL DEFAULT now(),
    ends_at     timestamptz NOT NULL,
    ended_at    timestamptz,
    CHECK (ends_at > started_at),
    CHECK (ended_at IS NULL OR ended_at >= started_at)
);

CREATE UNIQUE INDEX vacations_one_open ON vacations (account_id) WHERE ended_at IS NULL;
CREATE INDEX vacations_by_account ON vacations (account_id, started_at);

CREATE TABLE paused_turns (
    game_id     bigint PRIMARY KEY REFERENCES games (id),
    account_id  bigint NOT NULL REFERENCES accounts (id),
    turn        integer NOT NULL,
    remaining   interval NOT NULL,
    paused_at   timestamptz NOT NULL DEFAULT now()
);

CREATE INDEX paused_turns_by_account ON paused_turns (account_id);
