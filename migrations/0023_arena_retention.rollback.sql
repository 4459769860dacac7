CREATE OR REPLACE FUNCTION game_events_reject_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    RAISE EXCEPTION 'game_events is append-only: % is not allowed', TG_OP
        USING ERRCODE = 'restrict_violation';
END;
$$;
DROP INDEX arena_challenges_answered;
DROP INDEX arena_deals_published;
DROP TABLE arena_pruned_pairs;
DROP TABLE arena_pruned_figures;
