-- What happened to an order, written in the same transaction as the change itself, so a change
-- and its event commit together or not at all. Notifications (push, e-mail) and the shopper's
-- tracker read it; nothing else writes it than src/server/services/order-events.ts.
--
--   placed            order received (Pix: when its code is first shown, with the code's expiry;
--                     card: when the charge is confirmed, with the instalments)
--   paid              payment confirmed
--   stage             a tracker stage reached (detail: stepIndex, rastreio)
--   ready_for_pickup  a pickup order is ready at a store (detail: store)
--   picked_up         the customer took a pickup order (detail: store)
--   cancelled         detail: reason ('expired', 'staff', 'superseded')
--   refund_started    a received Pix is being given back (detail: amountCentavos)
--   refunded          the refund was settled (detail: amountCentavos)
--   refund_failed     the provider could not give it back (detail: amountCentavos)
CREATE TABLE order_events (
  id bigserial PRIMARY KEY,
  order_id integer NOT NULL REFERENCES orders (id) ON DELETE CASCADE,
  kind text NOT NULL CHECK (kind IN ('placed', 'paid', 'stage', 'ready_for_pickup', 'picked_up',
    'cancelled', 'refund_started', 'refunded', 'refund_failed')),
  detail jsonb NOT NULL DEFAULT '{}'::jsonb,
  -- The store employee who made the change, when one did (store tablets).
  staff_id integer,
  created_at timestamptz NOT NULL DEFAULT now(),
  -- Set once the notifications for this event are queued.
  dispatched_at timestamptz
);
CREATE INDEX order_events_by_order ON order_events (order_id, id);
CREATE INDEX order_events_undispatched ON order_events (id) WHERE dispatched_at IS NULL;
