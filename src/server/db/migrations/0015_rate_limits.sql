-- Fixed-window request counters of the rate limits (src/server/http/rate-limits.ts), kept in the
-- database so every server instance counts the same requests. `key` names the operation, the
-- scope (address or account) and a hash of the address or account; never the account itself.
CREATE TABLE rate_limits (
  key text PRIMARY KEY,
  hits integer NOT NULL,
  reset_at timestamptz NOT NULL
);
CREATE INDEX rate_limits_reset_at ON rate_limits (reset_at);
