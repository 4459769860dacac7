-- The arena (service/hanabi/arena): bots rated by how they play beside partners they did not
-- choose, on duplicate deals.
--
--   arena_entries   a rating line: a bot account with a version label (a new label starts a new
--                   line), or a built-in reference partner (`reference` names its strategy);
--                   what it plays (player counts, variants); active while left_at is null
--   arena_deals     a deal: its player count and variant, its seed (dealt under the arena's own
--                   secret, arena_secret), the seat the tables differ in; published_at is set
--                   once every table on it has finished, and then the seed is shown
--   arena_tables    a game on a deal: its candidate (the entry in the deal's candidate seat),
--                   and once it has finished its score, strikes and the seat that timed out
--   arena_seats     who sat where in each table's game
--   arena_ratings   the current rating of each entry per player count (openskill's mu, sigma)
--   arena_rating_history  the rating after each deal that changed it

CREATE TABLE arena_secret (
    only_row   boolean PRIMARY KEY DEFAULT true CHECK (only_row),
    secret     bytea NOT NULL CHECK (length(secret) >= 32),
    created_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE arena_entries (
    id            bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    account_id    bigint REFERENCES accounts (id),
    reference     text CHECK (reference IS NULL OR length(reference) BETWEEN 1 AND 64),
    version_label text NOT NULL CHECK (length(version_label) BETWEEN 1 AND 64),
    player_counts smallint[] NOT NULL,
    variants      text[] NOT NULL,
    entered_at    timestamptz NOT NULL DEFAULT now(),
    left_at       timestamptz,
    CHECK ((account_id IS NULL) <> (reference IS NULL))
);

CREATE UNIQUE INDEX arena_entries_line ON arena_entries (account_id, version_label) WHERE account_id IS NOT NULL;
CREATE UNIQUE INDEX arena_entries_active ON arena_entries (account_id) WHERE account_id IS NOT NULL AND left_at IS NULL;
CREATE UNIQUE INDEX arena_entries_reference ON arena_entries (reference) WHERE reference IS NOT NULL;

CREATE TABLE arena_deals (
    id             bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    players        smallint NOT NULL CHECK (players BETWEEN 2 AND 6),
    variant        text NOT NULL,
    seed           text NOT NULL,
    candidate_seat smallint NOT NULL CHECK (candidate_seat >= 0 AND candidate_seat < players),
    created_at     timestamptz NOT NULL DEFAULT now(),
    published_at   timestamptz
);

CREATE INDEX arena_deals_unpublished ON arena_deals (id) WHERE published_at IS NULL;

CREATE TABLE arena_tables (
    deal_id            bigint NOT NULL REFERENCES arena_deals (id),
    game_id            bigint NOT NULL UNIQUE REFERENCES games (id),
    candidate_entry_id bigint NOT NULL REFERENCES arena_entries (id),
    score              smallint,
    strikes            smallint,
    end_condition      text,
    timed_out_seat     smallint,
    finished_at        timestamptz,
    PRIMARY KEY (deal_id, candidate_entry_id)
);

CREATE INDEX arena_tables_by_candidate ON arena_tables (candidate_entry_id, deal_id DESC);

CREATE TABLE arena_seats (
    game_id  bigint NOT NULL REFERENCES arena_tables (game_id),
    seat     smallint NOT NULL CHECK (seat >= 0),
    entry_id bigint NOT NULL REFERENCES arena_entries (id),
    PRIMARY KEY (game_id, seat)
);

CREATE INDEX arena_seats_by_entry ON arena_seats (entry_id, game_id DESC);

CREATE TABLE arena_ratings (
    entry_id   bigint NOT NULL REFERENCES arena_entries (id),
    players    smallint NOT NULL,
    mu         double precision NOT NULL,
    sigma      double precision NOT NULL CHECK (sigma > 0),
    deals      integer NOT NULL DEFAULT 0 CHECK (deals >= 0),
    updated_at timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (entry_id, players)
);

CREATE TABLE arena_rating_history (
    entry_id bigint NOT NULL REFERENCES arena_entries (id),
    players  smallint NOT NULL,
    deal_id  bigint NOT NULL REFERENCES arena_deals (id),
    mu       double precision NOT NULL,
    sigma    double precision NOT NULL,
    rated_at timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (entry_id, players, deal_id)
);
