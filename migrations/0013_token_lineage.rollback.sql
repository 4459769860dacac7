DROP INDEX api_tokens_children;
ALTER TABLE api_tokens DROP COLUMN parent_hash;
