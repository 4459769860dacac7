-- When the current turn began (for "games where it is my turn", longest waiting first), whether
-- a game starts by itself when its last seat is taken, and the player names of imported games.

ALTER TABLE games ADD COLUMN turn_started_at timestamptz;
ALTER TABLE games ADD COLUMN start_when_full boolean NOT NULL DEFAULT true;
ALTER TABLE games ADD COLUMN player_names jsonb;

UPDATE games SET turn_started_at = updated_at WHERE status = 'running';

ALTER TABLE games ADD CONSTRAINT games_turn_started_when_running
    CHECK ((status = 'running') = (turn_started_at IS NOT NULL));
