-- Card payments through a provider (src/server/services/payments/cards): one row per attempt, with
-- its own idempotency key stored before the provider is called, and one row per cancellation or
-- refund. The states and their moves live in cards/card-payment.ts; nothing else writes `status`.
--   created     the row exists, the provider not yet answered
--   unknown     the call's answer never came (timeout, 5xx, crash): read back by the key
--   challenge   the issuer asks for 3-D Secure; the checkout shows its page
--   review      the provider or issuer is reviewing it
--   authorized  approved, not captured          captured  approved and captured
--   refused     declined (refusal says why)     cancelled the authorization was cancelled
--   refunded    everything captured was given back
CREATE TABLE card_payments (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  mov text NOT NULL REFERENCES checkout_keys (mov),
  -- The reservation is deleted when the attempt fails; the attempt row stays.
  order_id integer REFERENCES orders (id) ON DELETE SET NULL,
  provider text NOT NULL,
  idempotency_key text NOT NULL UNIQUE,
  provider_id text UNIQUE,
  status text NOT NULL CHECK (status IN ('created', 'unknown', 'challenge', 'review', 'authorized',
                                         'captured', 'refused', 'cancelled', 'refunded')),
  amount bigint NOT NULL CHECK (amount > 0),
  charged bigint,
  captured bigint NOT NULL DEFAULT 0 CHECK (captured >= 0),
  refunded bigint NOT NULL DEFAULT 0 CHECK (refunded >= 0 AND refunded <= captured),
  installments smallint NOT NULL,
  brand text,
  last4 text CHECK (last4 ~ '^[0-9]{4}$'),
  refusal text,
  challenge_url text,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  checked_at timestamptz
);
CREATE INDEX card_payments_open ON card_payments (status, updated_at)
  WHERE status IN ('created', 'unknown', 'challenge', 'review');
CREATE INDEX card_payments_order ON card_payments (order_id);

CREATE TABLE card_refunds (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  card_payment_id bigint NOT NULL REFERENCES card_payments (id),
  order_id integer REFERENCES orders (id) ON DELETE SET NULL,
  -- 'cancel': an authorization not captured is cancelled; 'refund': captured money given back.
  kind text NOT NULL CHECK (kind IN ('cancel', 'refund')),
  amount bigint NOT NULL CHECK (amount > 0),
  reason text NOT NULL CHECK (reason IN ('cancelled', 'withdrawn', 'line_removed', 'late_approval')),
  idempotency_key text NOT NULL UNIQUE,
  status text NOT NULL CHECK (status IN ('pending', 'done', 'failed')),
  provider_id text,
  attempts integer NOT NULL DEFAULT 0,
  last_error text,
  created_at timestamptz NOT NULL DEFAULT now(),
  done_at timestamptz
);
CREATE INDEX card_refunds_pending ON card_refunds (created_at) WHERE status = 'pending';
