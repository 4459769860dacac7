-- Scoped tokens, apps and the players they provision (see docs/apps.md):
--
--   api_tokens.scopes          what the token may do (hanabi.store.accounts.SCOPES); tokens
--                              issued before this migration keep every scope
--   api_tokens.expires_at      a token that stops working at this time (a table link)
--   api_tokens.game_id         a token that acts only in this game (a table link)
--   api_tokens.issued_by_app   the app that issued the token for one of its players
--   accounts.kind 'app'        an account that provisions player accounts
--   accounts.created_by_app    the app that created a player account; its name is
--                              '<app name>/<user name>', so no other account can take it

ALTER TABLE api_tokens
    ADD COLUMN scopes text[] NOT NULL DEFAULT ARRAY['read', 'play', 'games:write', 'webhooks', 'tokens', 'apps'],
    ADD COLUMN expires_at timestamptz,
    ADD COLUMN game_id bigint REFERENCES games (id),
    ADD COLUMN issued_by_app bigint REFERENCES accounts (id);

ALTER TABLE api_tokens ALTER COLUMN scopes DROP DEFAULT;

ALTER TABLE accounts DROP CONSTRAINT accounts_kind_check;
ALTER TABLE accounts DROP CONSTRAINT accounts_name_check;
ALTER TABLE accounts
    ADD CONSTRAINT accounts_kind_check CHECK (kind IN ('human', 'bot', 'app')),
    ADD CONSTRAINT accounts_name_check CHECK (length(name) BETWEEN 1 AND 129),
    ADD COLUMN created_by_app bigint REFERENCES accounts (id),
    ADD CONSTRAINT accounts_app_players_named_after_their_app
        CHECK ((created_by_app IS NULL) = (strpos(name, '/') = 0));

CREATE INDEX accounts_created_by_app ON accounts (created_by_app) WHERE created_by_app IS NOT NULL;
