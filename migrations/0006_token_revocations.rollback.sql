DROP TRIGGER api_tokens_notify_deleted ON api_tokens;
DROP TRIGGER api_tokens_notify_revoked ON api_tokens;
DROP FUNCTION api_tokens_notify_revoked();
