-- Bots online, and challenges to them.
--
--   bot_presence      when a bot account was last seen waiting for work: its event stream
--                     (marked while it is open), a long poll with `wait`. API processes mark
--                     in memory and write the marks here in batches (hanabi.arena.presence)
--   arena_challenges  a person's or app's challenge to a bot: a lobby game with the challenger
--                     seated and a seat reserved for the bot (the invitation reaches the bot
--                     through its event stream); the bot accepts by taking the seat, declines,
--                     or lets it expire (expires_at), and the lobby game is then ended

CREATE TABLE bot_presence (
    account_id   bigint PRIMARY KEY REFERENCES accounts (id),
    last_seen_at timestamptz NOT NULL
);

CREATE TABLE arena_challenges (
    id             bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    game_id        bigint NOT NULL UNIQUE REFERENCES games (id),
    challenger_id  bigint NOT NULL REFERENCES accounts (id),
    bot_account_id bigint NOT NULL REFERENCES accounts (id),
    status         text NOT NULL DEFAULT 'pending'
                   CHECK (status IN ('pending', 'accepted', 'declined', 'expired', 'cancelled')),
    created_at     timestamptz NOT NULL DEFAULT now(),
    expires_at     timestamptz NOT NULL,
    answered_at    timestamptz
);

CREATE INDEX arena_challenges_pending ON arena_challenges (expires_at) WHERE status = 'pending';
CREATE INDEX arena_challenges_by_bot ON arena_challenges (bot_account_id, id DESC);
CREATE INDEX arena_challenges_by_challenger ON arena_challenges (challenger_id, id DESC);
