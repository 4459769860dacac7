-- Announce revoked API tokens, so that API processes that remember recently authenticated
-- tokens forget them (see service/hanabi/api/accounts_cache.py):
--
--   hanabi_token  payload: the revoked token's SHA-256 digest in hex, when the transaction
--                 that revoked it (or deleted it) commits

CREATE FUNCTION api_tokens_notify_revoked() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    PERFORM pg_notify('hanabi_token', encode(OLD.token_hash, 'hex'));
    RETURN NULL;
END;
$$;

CREATE TRIGGER api_tokens_notify_revoked
    AFTER UPDATE OF revoked_at ON api_tokens
    FOR EACH ROW
    WHEN (NEW.revoked_at IS NOT NULL AND OLD.revoked_at IS NULL)
    EXECUTE FUNCTION api_tokens_notify_revoked();

CREATE TRIGGER api_tokens_notify_deleted
    AFTER DELETE ON api_tokens
    FOR EACH ROW
    EXECUTE FUNCTION api_tokens_notify_revoked();
