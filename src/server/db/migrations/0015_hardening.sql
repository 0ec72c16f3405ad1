-- Fixed-window request counters of the rate limits (src/server/http/rate-limits.ts), kept in the
-- database so every server instance counts the same requests. `key` names the operation, the
-- scope (address or account) and a hash of the address or account; never the account itself.
CREATE TABLE rate_limits (
  key text PRIMARY KEY,
  hits integer NOT NULL,
  reset_at timestamptz NOT NULL
);
CREATE INDEX rate_limits_reset_at ON rate_limits (reset_at);

-- A message whose text has a secret link (a password reset) is stored with the link masked; the
-- real link lives only in the memory of the server that queued it (src/server/services/mail.ts),
-- which alone may send it.
ALTER TABLE mail_outbox ADD COLUMN secret_held boolean NOT NULL DEFAULT false;
