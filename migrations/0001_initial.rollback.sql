DROP TABLE idempotency_keys;
DROP TABLE game_events;
DROP FUNCTION game_events_reject_change();
DROP TABLE game_seats;
DROP TABLE games;
DROP TABLE api_tokens;
DROP TABLE accounts;
