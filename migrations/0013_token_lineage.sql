-- Token lineage (see docs/api.md, "What a token issues"):
--
--   api_tokens.parent_hash   the token whose request issued this one (POST /v1/tokens, a watch
--                            link, a table link, a player's token); revoking or deleting a
--                            token revokes or deletes its descendants (hanabi.store.accounts)

ALTER TABLE api_tokens ADD COLUMN parent_hash bytea REFERENCES api_tokens (token_hash) ON DELETE CASCADE;

CREATE INDEX api_tokens_children ON api_tokens (parent_hash) WHERE parent_hash IS NOT NULL;
