-- One order per checkout, and card charges outside the stock locks.
--
-- A card order is first a reservation: 'Processando pagamento' holds its units while the acquirer
-- answers, with no lock held; it becomes 'Pagamento Efetuado', or is deleted with its units put
-- back. Such a row is never shown to the shopper.
ALTER TABLE orders DROP CONSTRAINT orders_status_check;
ALTER TABLE orders ADD CONSTRAINT orders_status_check CHECK (status IN ('Processando pagamento',
  'Aguardando pagamento', 'Pagamento Efetuado', 'Pedido Faturado', 'Emissão Nota Fiscal',
  'Pedido Despachado', 'Saiu para entrega', 'Pedido Entregue', 'Cancelado'));
CREATE INDEX orders_charging ON orders (created_at) WHERE status = 'Processando pagamento';

-- The reason of the latest declined card of a checkout, for the repeated submissions that were
-- waiting for that charge: they answer it instead of charging the card again.
ALTER TABLE checkout_keys ADD COLUMN declined_reason text;

-- Why an order was cancelled: 'expired' (a Pix left unpaid), 'staff', or 'superseded' (the shopper
-- placed another order of the same checkout, e.g. switched from Pix to card; never shown).
ALTER TABLE orders ADD COLUMN cancel_reason text
  CHECK (cancel_reason IS NULL OR cancel_reason IN ('expired', 'staff', 'superseded'));

-- When the shopper was first shown this charge's code (APP_0079): a Pix order whose code was never
-- shown (its APP_0063 or APP_0079 failed) is not listed in 'Meus Pedidos'.
ALTER TABLE pix_charges ADD COLUMN shown_at timestamptz;
