-- Each account's own event log, read by its event stream (GET /v1/me/stream): invitations
-- (a seat reserved for it), its games starting and ending, its turns and its games' chat.
-- Rows are written in the transaction of the change they announce, by the triggers below and
-- by create_game (invitations), through account_events_append:
--
--   invited      a seat of a lobby game was reserved for the account (payload: seat, by)
--   game_started a game the account sits in started (payload: version)
--   your_turn    the account's turn began in a running game (payload: seat, version, turn)
--   game_over    a game the account sits in, or was invited to, ended (payload: version, score,
--                end_condition)
--   chat         someone else wrote in the chat of a game the account sits in (payload:
--                message_id, author_id)
--
-- Each account's ids run 1, 2, 3, ... in commit order: account_events_append takes the
-- account's advisory lock (held to the commit) before it numbers a row, so a reader that has
-- seen id n never finds a smaller id committed later, and resuming after n misses nothing.
-- A change that concerns several accounts locks them in the order of their ids.
--
--   hanabi_account  payload: the account id, once per account and transaction that added rows

CREATE TABLE account_events (
    account_id bigint      NOT NULL REFERENCES accounts (id),
    id         bigint      NOT NULL CHECK (id >= 1),
    type       text        NOT NULL CHECK (type IN ('invited', 'game_started', 'your_turn', 'game_over', 'chat')),
    game_id    bigint      NOT NULL REFERENCES games (id),
    payload    jsonb       NOT NULL DEFAULT '{}',
    created_at timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (account_id, id)
);

CREATE INDEX account_events_by_age ON account_events (created_at);

CREATE FUNCTION account_events_append(accounts bigint[], event_type text, event_game bigint, event_payload jsonb)
RETURNS void LANGUAGE plpgsql AS $$
DECLARE
    target bigint;
BEGIN
    FOR target IN SELECT DISTINCT a FROM unnest(accounts) AS a WHERE a IS NOT NULL ORDER BY a LOOP
        PERFORM pg_advisory_xact_lock(hashtext('account_events'), (target % 2147483647)::integer);
        INSERT INTO account_events (account_id, id, type, game_id, payload)
        SELECT target, coalesce(max(id), 0) + 1, event_type, event_game, event_payload
          FROM account_events WHERE account_id = target;
        PERFORM pg_notify('hanabi_account', target::text);
    END LOOP;
END;
$$;

CREATE FUNCTION games_account_events() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
    seated bigint[];
BEGIN
    IF OLD.status <> 'running' AND NEW.status = 'running' THEN
        SELECT array_agg(account_id) INTO seated FROM game_seats WHERE game_id = NEW.id;
        PERFORM account_events_append(seated, 'game_started', NEW.id,
            jsonb_build_object('version', NEW.version));
    END IF;
    IF NEW.status = 'running' AND NEW.turn_account_id IS NOT NULL
       AND (OLD.status <> 'running' OR OLD.turn <> NEW.turn OR OLD.current_seat IS DISTINCT FROM NEW.current_seat) THEN
        PERFORM account_events_append(ARRAY[NEW.turn_account_id], 'your_turn', NEW.id,
            jsonb_build_object('seat', NEW.current_seat, 'version', NEW.version, 'turn', NEW.turn));
    END IF;
    IF OLD.status <> 'finished' AND NEW.status = 'finished' THEN
        SELECT array_agg(coalesce(account_id, reserved_for)) INTO seated FROM game_seats WHERE game_id = NEW.id;
        PERFORM account_events_append(seated, 'game_over', NEW.id,
            jsonb_build_object('version', NEW.version, 'score', NEW.score, 'end_condition', NEW.end_condition));
    END IF;
    RETURN NULL;
END;
$$;

CREATE TRIGGER games_account_events
    AFTER UPDATE ON games
    FOR EACH ROW
    WHEN (OLD.status IS DISTINCT FROM NEW.status
          OR OLD.turn IS DISTINCT FROM NEW.turn
          OR OLD.current_seat IS DISTINCT FROM NEW.current_seat)
    EXECUTE FUNCTION games_account_events();

CREATE FUNCTION game_chat_account_events() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
    seated bigint[];
BEGIN
    SELECT array_agg(account_id) INTO seated
      FROM game_seats WHERE game_id = NEW.game_id AND account_id IS DISTINCT FROM NEW.account_id;
    PERFORM account_events_append(seated, 'chat', NEW.game_id,
        jsonb_build_object('message_id', NEW.id, 'author_id', NEW.account_id));
    RETURN NULL;
END;
$$;

CREATE TRIGGER game_chat_account_events
    AFTER INSERT ON game_chat
    FOR EACH ROW EXECUTE FUNCTION game_chat_account_events();

-- Webhooks hear of invitations too.
ALTER TABLE webhook_deliveries DROP CONSTRAINT webhook_deliveries_type_check;
ALTER TABLE webhook_deliveries ADD CONSTRAINT webhook_deliveries_type_check
    CHECK (type IN ('invited', 'game_started', 'your_turn', 'game_over'));
