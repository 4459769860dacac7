DROP TABLE arena_rating_history;
DROP TABLE arena_ratings;
DROP TABLE arena_seats;
DROP TABLE arena_tables;
DROP TABLE arena_deals;
DROP TABLE arena_entries;
DROP TABLE arena_secret;
