ALTER TABLE games DROP CONSTRAINT games_turn_started_when_running;
ALTER TABLE games DROP COLUMN player_names;
ALTER TABLE games DROP COLUMN start_when_full;
ALTER TABLE games DROP COLUMN turn_started_at;
