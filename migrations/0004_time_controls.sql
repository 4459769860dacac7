-- Time controls: a game's time control (none, per turn, correspondence or a clock, and what
-- happens on expiry) and, for a clock, each seat's bank of seconds left at the start of the
-- current turn. `games.deadline` (0001) is the current turn's deadline, written with each commit.

ALTER TABLE games ADD COLUMN time_control jsonb NOT NULL DEFAULT '{"kind": "none"}';
ALTER TABLE games ADD COLUMN clock_banks jsonb;
