DROP INDEX email_outbox_one_reminder_per_turn;
DROP TRIGGER account_events_mail ON account_events;
DROP FUNCTION account_events_mail();
