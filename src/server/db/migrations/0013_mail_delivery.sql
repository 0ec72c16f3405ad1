-- Real delivery of the outbox through SMTP (SMTP_URL). A message queued while SMTP_URL is unset
-- keeps delivery NULL: it was only stored and logged, and turning SMTP on later does not send old
-- (by then expired) reset links. With SMTP_URL set a message starts 'pending' and ends 'sent'
-- (sent_at) or, after the last allowed attempt, 'failed'.
ALTER TABLE mail_outbox
  ADD COLUMN delivery text CHECK (delivery IN ('pending', 'sent', 'failed')),
  ADD COLUMN attempts integer NOT NULL DEFAULT 0,
  ADD COLUMN next_attempt_at timestamptz,
  ADD COLUMN last_error text;
CREATE INDEX mail_outbox_pending ON mail_outbox (next_attempt_at) WHERE delivery = 'pending';
