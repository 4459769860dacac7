-- Announce committed changes to listeners (the API's long-poll): Postgres delivers a
-- notification when the transaction that sent it commits, never before and never after a
-- rollback, so a listener hears only of what it can read.
--
--   hanabi_game  payload: the game id, once per game and transaction that added events
--                (Postgres folds identical notifications of one transaction into one)
--   hanabi_turn  payload: {"game_id", "version", "status", "seat", "account_id"}: after a
--                change of a game's version, status or current seat, whose turn it is now
--                (account_id null when no account has the turn: a bot seat, or the game
--                is not running)

CREATE FUNCTION game_events_notify() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    PERFORM pg_notify('hanabi_game', NEW.game_id::text);
    RETURN NULL;
END;
$$;

CREATE TRIGGER game_events_notify
    AFTER INSERT ON game_events
    FOR EACH ROW EXECUTE FUNCTION game_events_notify();

CREATE FUNCTION games_notify_turn() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
    turn_account bigint;
BEGIN
    IF NEW.status = 'running' THEN
        SELECT account_id INTO turn_account
          FROM game_seats WHERE game_id = NEW.id AND seat = NEW.current_seat;
    END IF;
    PERFORM pg_notify('hanabi_turn', json_build_object(
        'game_id', NEW.id, 'version', NEW.version, 'status', NEW.status,
        'seat', NEW.current_seat, 'account_id', turn_account)::text);
    RETURN NULL;
END;
$$;

CREATE TRIGGER games_notify_turn
    AFTER UPDATE ON games
    FOR EACH ROW
    WHEN (OLD.version IS DISTINCT FROM NEW.version
          OR OLD.status IS DISTINCT FROM NEW.status
          OR OLD.current_seat IS DISTINCT FROM NEW.current_seat)
    EXECUTE FUNCTION games_notify_turn();
