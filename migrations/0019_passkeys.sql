-- Passkeys (WebAuthn; see docs/api.md, "Passkeys", and hanabi.store.passkeys):
--
--   passkeys            an account's credentials: the public key, its id and signature counter
--   passkey_challenges  the challenges of registrations and sign-ins under way, each good once
--                       for a few minutes

CREATE TABLE passkeys (
    credential_id  bytea PRIMARY KEY,
    account_id     bigint NOT NULL REFERENCES accounts (id),
    public_key     bytea NOT NULL,
    sign_count     bigint NOT NULL DEFAULT 0,
    name           text NOT NULL CHECK (length(name) BETWEEN 1 AND 64),
    created_at     timestamptz NOT NULL DEFAULT now(),
    last_used_at   timestamptz
);

CREATE INDEX passkeys_by_account ON passkeys (account_id);

CREATE TABLE passkey_challenges (
    challenge   bytea PRIMARY KEY,
    account_id  bigint REFERENCES accounts (id),
    purpose     text NOT NULL CHECK (purpose IN ('register', 'sign_in')),
    expires_at  timestamptz NOT NULL
);
