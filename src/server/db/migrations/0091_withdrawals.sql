-- The shopper's right of withdrawal (CDC art. 49, Decreto 7.962/2013 art. 5;
-- src/server/services/orders/withdraw.ts is the only writer).
--
-- A product made to the shopper's order (paint tinted at the counter, a piece cut to size) is
-- excluded from withdrawal: the catalogue marks it, and the order page names it.
ALTER TABLE products ADD COLUMN custom_made boolean NOT NULL DEFAULT false;

-- Before dispatch a withdrawal is a cancellation by the shopper: cancel_reason 'withdrawn'.
ALTER TABLE orders DROP CONSTRAINT IF EXISTS orders_cancel_reason_check;
ALTER TABLE orders ADD CONSTRAINT orders_cancel_reason_check
  CHECK (cancel_reason IS NULL OR cancel_reason IN ('expired', 'staff', 'superseded', 'withdrawn'));

--   withdrawal_requested  the shopper withdrew (detail: how 'cancel' or 'return', reason?): the
--                         receipt of the request, sent at once by e-mail and push
ALTER TABLE order_events DROP CONSTRAINT IF EXISTS order_events_kind_check;
ALTER TABLE order_events ADD CONSTRAINT order_events_kind_check
  CHECK (kind IN ('placed', 'paid', 'stage', 'ready_for_pickup', 'picked_up', 'cancelled',
    'refund_started', 'refunded', 'refund_failed', 'withdrawal_requested'));

-- After dispatch, a withdrawal opens a return: the goods come back (collected at the delivery
-- address, or dropped off at a store of the shopper's choice) while the money goes back at once.
--   aberta     requested, the goods not yet back
--   recebida   staff received the goods
CREATE TABLE order_returns (
  id serial PRIMARY KEY,
  -- One return per order: a second request answers the first.
  order_id integer NOT NULL UNIQUE REFERENCES orders (id) ON DELETE CASCADE,
  mode text NOT NULL CHECK (mode IN ('coleta', 'loja')),
  -- mode 'loja': the store (src/domain/store.ts) where the shopper drops the goods off.
  store smallint CHECK ((mode = 'loja') = (store IS NOT NULL)),
  reason text CHECK (reason IS NULL OR length(reason) <= 500),
  status text NOT NULL DEFAULT 'aberta' CHECK (status IN ('aberta', 'recebida')),
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX order_returns_open ON order_returns (created_at) WHERE status = 'aberta';
