CREATE OR REPLACE FUNCTION games_notify_turn() RETURNS trigger LANGUAGE plpgsql AS $$
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

DROP INDEX games_running_by_update;
DROP INDEX games_awaiting_account;
ALTER TABLE games DROP COLUMN turn_account_id;
