-- The order that replaced one of the same checkout (cancel_reason 'superseded': the shopper who
-- generated a Pix then paid by card, or placed again). The new order's e-mail names the old one,
-- and 'Meus Pedidos' says which order replaced it (src/server/services/orders/place.ts writes it).
ALTER TABLE orders ADD COLUMN superseded_by integer REFERENCES orders (id) ON DELETE SET NULL;
