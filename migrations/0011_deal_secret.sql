-- The server's deal secret: a game created with a seed is dealt from HMAC-SHA256(secret, seed)
-- (see service/hanabi/store/deals.py), so that a seed names a deal on this server without
-- letting anyone compute it. The one row is written by the first game created with a seed
-- (unless HANABI_DEAL_SECRET is set); deleting it makes the next one draw a new secret.

CREATE TABLE deal_secret (
    only_row boolean PRIMARY KEY DEFAULT true CHECK (only_row),
    secret bytea NOT NULL CHECK (length(secret) >= 32),
    created_at timestamptz NOT NULL DEFAULT now()
);
