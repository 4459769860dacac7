-- The table around a game: whether signed-in accounts other than its players may watch it
-- while it runs (`spectators`, a setting of the game like its time control), its chat, and
-- each player's private notes on cards.
--
--   hanabi_chat  payload: the game id, once per game and transaction that added chat messages
--                (the chat's long poll waits on it)

ALTER TABLE games ADD COLUMN spectators boolean NOT NULL DEFAULT false;

CREATE TABLE game_chat (
    game_id    bigint      NOT NULL REFERENCES games (id),
    id         bigint      GENERATED ALWAYS AS IDENTITY,
    account_id bigint      NOT NULL REFERENCES accounts (id),
    text       text        NOT NULL,
    created_at timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (game_id, id)
);

CREATE INDEX game_chat_by_author ON game_chat (account_id, created_at);

CREATE FUNCTION game_chat_notify() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    PERFORM pg_notify('hanabi_chat', NEW.game_id::text);
    RETURN NULL;
END;
$$;

CREATE TRIGGER game_chat_notify
    AFTER INSERT ON game_chat
    FOR EACH ROW EXECUTE FUNCTION game_chat_notify();

CREATE TABLE card_notes (
    game_id    bigint      NOT NULL REFERENCES games (id),
    account_id bigint      NOT NULL REFERENCES accounts (id),
    card       integer     NOT NULL,
    text       text        NOT NULL,
    updated_at timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (game_id, account_id, card)
);
