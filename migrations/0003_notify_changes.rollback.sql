DROP TRIGGER games_notify_turn ON games;
DROP FUNCTION games_notify_turn();
DROP TRIGGER game_events_notify ON game_events;
DROP FUNCTION game_events_notify();
