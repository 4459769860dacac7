DROP TABLE arena_family_deals;
DROP TABLE arena_family_ratings;
