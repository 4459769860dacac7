DROP TABLE card_notes;
DROP TRIGGER game_chat_notify ON game_chat;
DROP FUNCTION game_chat_notify();
DROP TABLE game_chat;
ALTER TABLE games DROP COLUMN spectators;
