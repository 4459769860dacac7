-- Two queries that read far more rows than they need as games accumulate:
--
-- * "games where it is my turn" joined every seat the account ever held with its game; now
--   each running game names the account whose turn it is (turn_account_id, derived like
--   current_seat and written in the same statement), and a partial index finds them;
-- * the sweeper's "bot turns with no move for a while" scanned every seat; now running games
--   are indexed by their last change.
--
-- The turn notification (0003) reads the new column instead of looking the seat up.

ALTER TABLE games ADD COLUMN turn_account_id bigint;

UPDATE games g SET turn_account_id = s.account_id
  FROM game_seats s
 WHERE g.status = 'running' AND s.game_id = g.id AND s.seat = g.current_seat;

CREATE INDEX games_awaiting_account ON games (turn_account_id, deadline) WHERE status = 'running';

CREATE INDEX games_running_by_update ON games (updated_at) WHERE status = 'running';

CREATE OR REPLACE FUNCTION games_notify_turn() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    PERFORM pg_notify('hanabi_turn', json_build_object(
        'game_id', NEW.id, 'version', NEW.version, 'status', NEW.status,
        'seat', NEW.current_seat,
        'account_id', CASE WHEN NEW.status = 'running' THEN NEW.turn_account_id END)::text);
    RETURN NULL;
END;
$$;
