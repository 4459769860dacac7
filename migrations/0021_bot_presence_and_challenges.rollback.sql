DROP TABLE arena_challenges;
DROP TABLE bot_presence;
