DROP INDEX games_lobby_by_creator;
