ALTER TABLE webhook_deliveries
    DROP CONSTRAINT webhook_deliveries_http_status_has_code,
    DROP CONSTRAINT webhook_deliveries_last_failure;

ALTER TABLE webhook_deliveries RENAME COLUMN last_failure TO last_error;
