-- Finds Pix orders left unpaid (cancelled after a day to give their stock back) without a scan.
CREATE INDEX orders_awaiting_payment ON orders (created_at) WHERE status = 'Aguardando pagamento';
