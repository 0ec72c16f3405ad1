-- Captures owed when the order is invoiced (CARD_CAPTURE=invoice: the approval only authorizes).
-- One row per approved payment, with its own idempotency key, written in the transaction that
-- invoices the order and sent by the card worker; a lost answer is read back (`get`) before it is
-- sent again. src/server/services/payments/cards/captures.ts is the only writer of `status`.
--   pending   owed, not yet confirmed by the provider
--   done      the provider captured it
--   failed    the provider refused it (staff read it in the log; the authorization stays)
--   dropped   the order was cancelled before the capture was ever sent: the authorization is
--             cancelled instead (card_refunds kind 'cancel')
CREATE TABLE card_captures (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  card_payment_id bigint NOT NULL UNIQUE REFERENCES card_payments (id),
  order_id integer REFERENCES orders (id) ON DELETE SET NULL,
  amount bigint NOT NULL CHECK (amount > 0),
  idempotency_key text NOT NULL UNIQUE,
  status text NOT NULL CHECK (status IN ('pending', 'done', 'failed', 'dropped')),
  attempts integer NOT NULL DEFAULT 0,
  last_error text,
  created_at timestamptz NOT NULL DEFAULT now(),
  done_at timestamptz
);
CREATE INDEX card_captures_pending ON card_captures (created_at) WHERE status = 'pending';
