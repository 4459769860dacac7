-- Notification mail (see docs/api.md, "Accounts people keep"): each `your_turn` and
-- `game_over` row of account_events (0015) puts a mail in email_outbox (0016), in the same
-- transaction, for an account with a verified email address whose setting for it is not
-- 'off': to send soon ('immediately'; the workers wait HANABI_TURN_EMAIL_DELAY_SECONDS for a
-- your_turn and drop it if the turn was taken meanwhile) or to fold into the daily digest
-- ('daily'). Deadline reminders are put in by the workers (hanabi.worker.email), at most one
-- per account, game and turn (the unique index below).

CREATE FUNCTION account_events_mail() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
    target record;
    mode text;
BEGIN
    SELECT email, email_verified_at, notify_your_turn, notify_game_over INTO target
      FROM accounts WHERE id = NEW.account_id;
    IF target.email IS NULL OR target.email_verified_at IS NULL THEN
        RETURN NULL;
    END IF;
    mode := CASE NEW.type WHEN 'your_turn' THEN target.notify_your_turn ELSE target.notify_game_over END;
    IF mode = 'off' THEN
        RETURN NULL;
    END IF;
    INSERT INTO email_outbox (account_id, kind, to_address, game_id, payload, digest)
    VALUES (NEW.account_id, NEW.type, target.email, NEW.game_id,
            NEW.payload || jsonb_build_object('event_id', NEW.id), mode = 'daily');
    RETURN NULL;
END;
$$;

CREATE TRIGGER account_events_mail
    AFTER INSERT ON account_events
    FOR EACH ROW
    WHEN (NEW.type IN ('your_turn', 'game_over'))
    EXECUTE FUNCTION account_events_mail();

CREATE UNIQUE INDEX email_outbox_one_reminder_per_turn
    ON email_outbox (account_id, game_id, ((payload->>'turn')::integer))
    WHERE kind = 'deadline_reminder';
