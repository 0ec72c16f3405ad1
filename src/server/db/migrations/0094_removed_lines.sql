-- A line staff remove from a paid order (out of stock; services/orders/remove-line.ts): the row
-- stays, marked, so the order keeps what was bought and what was given back; its units are back
-- in stock and no later cancellation puts them back twice.
ALTER TABLE order_items ADD COLUMN removed_at timestamptz;

--   line_removed  staff removed a line after payment (detail: name, quantity, amountCentavos, how
--                 'pix' or the card's): told by e-mail and push, its refund by the refund events
ALTER TABLE order_events DROP CONSTRAINT IF EXISTS order_events_kind_check;
ALTER TABLE order_events ADD CONSTRAINT order_events_kind_check
  CHECK (kind IN ('placed', 'paid', 'stage', 'ready_for_pickup', 'picked_up', 'cancelled',
    'refund_started', 'refunded', 'refund_failed', 'withdrawal_requested', 'line_removed'));

-- A Pix may now be refunded in parts: a removed line's value (reason 'item-removido', id 'L' and
-- the line's id), then, if the order is cancelled, what is left (id 'D' and the end-to-end id, so
-- still one whole refund per Pix).
ALTER TABLE pix_refunds DROP CONSTRAINT pix_refunds_end_to_end_id_key;
CREATE INDEX pix_refunds_pix ON pix_refunds (end_to_end_id);
ALTER TABLE pix_refunds DROP CONSTRAINT pix_refunds_reason_check;
ALTER TABLE pix_refunds ADD CONSTRAINT pix_refunds_reason_check
  CHECK (reason IN ('cancelado', 'duplicado', 'valor-divergente', 'item-removido'));
