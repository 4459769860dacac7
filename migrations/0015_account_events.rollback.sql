DELETE FROM webhook_deliveries WHERE type = 'invited';
ALTER TABLE webhook_deliveries DROP CONSTRAINT webhook_deliveries_type_check;
ALTER TABLE webhook_deliveries ADD CONSTRAINT webhook_deliveries_type_check
    CHECK (type IN ('game_started', 'your_turn', 'game_over'));
DROP TRIGGER game_chat_account_events ON game_chat;
DROP FUNCTION game_chat_account_events();
DROP TRIGGER games_account_events ON games;
DROP FUNCTION games_account_events();
DROP FUNCTION account_events_append(bigint[], text, bigint, jsonb);
DROP TABLE account_events;
