-- Returns at the store counter (issue 35; src/server/services/orders/withdraw.ts and returns.ts).
--
-- amount       centavos owed back by the withdrawal: everything paid, or, when some items were
--              made to order (products.custom_made), the withdrawn lines' share of it
--              (docs/decisions/036-partial-withdrawal.md). Set at the request, with the refund.
-- received_at  when the goods came back (a seller at the store's counter, or staff through
--              `npm run store -- order:return-received`); the refund never waits for it.
-- received_by  the seller who received them at the counter (null: through the CLI).
ALTER TABLE order_returns ADD COLUMN amount bigint;
UPDATE order_returns r SET amount = o.amount_due FROM orders o WHERE o.id = r.order_id;
ALTER TABLE order_returns ALTER COLUMN amount SET NOT NULL;
ALTER TABLE order_returns ADD CONSTRAINT order_returns_amount_check CHECK (amount >= 0);
ALTER TABLE order_returns ADD COLUMN received_at timestamptz;
ALTER TABLE order_returns ADD COLUMN received_by integer REFERENCES store_staff (id);
ALTER TABLE order_returns ADD CONSTRAINT order_returns_received_check
  CHECK ((status = 'recebida') = (received_at IS NOT NULL));
-- A store's counter lists the returns left there.
CREATE INDEX order_returns_store ON order_returns (store, created_at) WHERE mode = 'loja';
