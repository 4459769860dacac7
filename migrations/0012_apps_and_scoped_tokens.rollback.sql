DROP INDEX accounts_created_by_app;
ALTER TABLE accounts
    DROP CONSTRAINT accounts_app_players_named_after_their_app,
    DROP COLUMN created_by_app,
    DROP CONSTRAINT accounts_name_check,
    DROP CONSTRAINT accounts_kind_check;
ALTER TABLE accounts
    ADD CONSTRAINT accounts_name_check CHECK (length(name) BETWEEN 1 AND 64),
    ADD CONSTRAINT accounts_kind_check CHECK (kind IN ('human', 'bot'));
ALTER TABLE api_tokens
    DROP COLUMN issued_by_app,
    DROP COLUMN game_id,
    DROP COLUMN expires_at,
    DROP COLUMN scopes;
