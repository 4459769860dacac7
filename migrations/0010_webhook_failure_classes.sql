-- What the account sees of a failed webhook delivery is a class, not the network's error text
-- (which told an account what answered at an address inside the workers' network):
--
--   connection_failed  no answer: the name did not resolve, the connection was refused or
--                      broken, TLS failed
--   timeout            no answer within HANABI_WEBHOOK_TIMEOUT_SECONDS
--   http_status        the receiver answered with another status than 2xx (last_status_code)
--   blocked            the host is, or resolved to, an address webhooks may not reach
--
-- Rows written before hold the error text: "HTTP <code>" is http_status, a text that says it
-- timed out is timeout, any other text connection_failed.

ALTER TABLE webhook_deliveries RENAME COLUMN last_error TO last_failure;

UPDATE webhook_deliveries
   SET last_failure = CASE
           WHEN last_failure LIKE 'HTTP %' AND last_status_code IS NOT NULL THEN 'http_status'
           WHEN last_failure ILIKE '%timed out%' OR last_failure ILIKE '%timeout%' THEN 'timeout'
           ELSE 'connection_failed'
       END
 WHERE last_failure IS NOT NULL;

ALTER TABLE webhook_deliveries
    ADD CONSTRAINT webhook_deliveries_last_failure
        CHECK (last_failure IN ('connection_failed', 'timeout', 'http_status', 'blocked')),
    ADD CONSTRAINT webhook_deliveries_http_status_has_code
        CHECK (last_failure IS DISTINCT FROM 'http_status' OR last_status_code IS NOT NULL);
