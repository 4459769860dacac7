-- The arena's retention: published deals older than HANABI_ARENA_KEEP_DAYS are deleted with
-- their tables, seats, rating-history points and games (hanabi.arena.store.prune_deals); what
-- their results added to the plain figures is kept here first, so the figures stay those of
-- every published deal. Ratings (arena_ratings, arena_family_ratings) are running values and
-- need nothing of the deals.
--
--   arena_pruned_figures  per entry, player count and variant family: deals in the candidate
--                         seat with their scores' and strikes' sums; games in any seat and
--                         time-outs of its own
--   arena_pruned_pairs    per entry, player count, family and reference partner (any of them
--                         may be the anchor): the count, sum and sum of squares of its table's
--                         score minus the reference's table's on the same deal
--
-- game_events stays append-only (no UPDATE, no TRUNCATE, no DELETE) except for a DELETE in a
-- transaction that set `hanabi.deleting_games` to on (SET LOCAL): retention deleting whole
-- games, which it does for arena deals past the horizon only.

CREATE TABLE arena_pruned_figures (
    entry_id    bigint NOT NULL REFERENCES arena_entries (id),
    players     smallint NOT NULL,
    family      text NOT NULL,
    deals       integer NOT NULL DEFAULT 0 CHECK (deals >= 0),
    score_sum   bigint NOT NULL DEFAULT 0,
    strikes_sum bigint NOT NULL DEFAULT 0,
    games       integer NOT NULL DEFAULT 0 CHECK (games >= 0),
    timeouts    integer NOT NULL DEFAULT 0 CHECK (timeouts >= 0),
    PRIMARY KEY (entry_id, players, family)
);

CREATE TABLE arena_pruned_pairs (
    entry_id        bigint NOT NULL REFERENCES arena_entries (id),
    players         smallint NOT NULL,
    family          text NOT NULL,
    anchor_entry_id bigint NOT NULL REFERENCES arena_entries (id),
    n               integer NOT NULL CHECK (n >= 0),
    total           double precision NOT NULL,
    squares         double precision NOT NULL,
    PRIMARY KEY (entry_id, players, family, anchor_entry_id)
);

CREATE INDEX arena_deals_published ON arena_deals (published_at) WHERE published_at IS NOT NULL;
CREATE INDEX arena_challenges_answered ON arena_challenges (created_at) WHERE status <> 'pending';

CREATE OR REPLACE FUNCTION game_events_reject_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    IF TG_OP = 'DELETE' AND current_setting('hanabi.deleting_games', true) = 'on' THEN
        RETURN OLD;
    END IF;
    RAISE EXCEPTION 'game_events is append-only: % is not allowed', TG_OP
        USING ERRCODE = 'restrict_violation';
END;
$$;
