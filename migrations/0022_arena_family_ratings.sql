-- Ratings per variant family (the engine's family_of), beside those per player count.
--
--   arena_family_ratings  the rating of each entry per player count and variant family, rated
--                         on the deals of that family only (openskill's mu, sigma)
--   arena_family_deals    how many deals of each family were published, per player count: a
--                         family's ratings are shown once it has enough (arena.reads)

CREATE TABLE arena_family_ratings (
    entry_id   bigint NOT NULL REFERENCES arena_entries (id),
    players    smallint NOT NULL,
    family     text NOT NULL,
    mu         double precision NOT NULL,
    sigma      double precision NOT NULL CHECK (sigma > 0),
    deals      integer NOT NULL DEFAULT 0 CHECK (deals >= 0),
    updated_at timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (entry_id, players, family)
);

CREATE INDEX arena_family_ratings_board ON arena_family_ratings (players, family);

CREATE TABLE arena_family_deals (
    players smallint NOT NULL,
    family  text NOT NULL,
    deals   integer NOT NULL CHECK (deals >= 0),
    PRIMARY KEY (players, family)
);
