ALTER TABLE games DROP COLUMN clock_banks;
ALTER TABLE games DROP COLUMN time_control;
