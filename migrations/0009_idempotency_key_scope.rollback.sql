-- Keys used under several scopes keep only one row, the oldest, as the primary key wants.
DELETE FROM idempotency_keys newer USING idempotency_keys older
 WHERE newer.account_id = older.account_id AND newer.key = older.key
   AND (newer.created_at, newer.scope) > (older.created_at, older.scope);
ALTER TABLE idempotency_keys DROP CONSTRAINT idempotency_keys_pkey;
ALTER TABLE idempotency_keys ADD PRIMARY KEY (account_id, key);
ALTER TABLE idempotency_keys DROP COLUMN scope;
