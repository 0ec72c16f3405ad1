-- Pix through a provider's API Pix (the Banco Central's standard): a charge is opened at the
-- provider (PUT /cob/{txid}) with a txid of ours, so a retried request finds the same charge
-- instead of opening a second one; the provider's answer gives the code (pixCopiaECola).
--   criando    txid chosen, the provider's answer not yet recorded (a retry reads it back)
--   pendente   ATIVA at the provider
--   pago       the order was paid by a Pix of this charge
--   expirado   past its expiry unpaid (the provider refuses payment)
--   removendo  the order no longer wants it: PATCH to REMOVIDA_PELO_USUARIO_RECEBEDOR still owed
--   removida   removed at the provider (or found paid there, and the money handled)
ALTER TABLE pix_charges DROP CONSTRAINT pix_charges_status_check;
ALTER TABLE pix_charges ADD CONSTRAINT pix_charges_status_check
  CHECK (status IN ('criando', 'pendente', 'pago', 'expirado', 'removendo', 'removida'));
ALTER TABLE pix_charges ALTER COLUMN payload DROP NOT NULL;
ALTER TABLE pix_charges ADD COLUMN location text;
-- When the charge was last read from the provider (APP_0080 asks it at most every 10 s).
ALTER TABLE pix_charges ADD COLUMN checked_at timestamptz;
CREATE INDEX pix_charges_owed ON pix_charges (created_at) WHERE status IN ('criando', 'removendo');

-- Every Pix the provider reports as received, read back from the provider (never from a webhook
-- body), once each by its end-to-end id, with what was done with it:
--   pago          paid its order
--   devolver      refunded: see pix_refunds (reason: cancelado, duplicado, valor-divergente)
--   desconhecido  a txid we never issued (or none): reported to staff, never dropped
CREATE TABLE pix_received (
  end_to_end_id text PRIMARY KEY,
  txid text,
  amount bigint NOT NULL CHECK (amount > 0),
  received_at timestamptz NOT NULL,
  order_id integer REFERENCES orders (id) ON DELETE SET NULL,
  outcome text NOT NULL CHECK (outcome IN ('pago', 'devolver', 'desconhecido')),
  reason text CHECK (reason IS NULL OR reason IN ('cancelado', 'duplicado', 'valor-divergente')),
  recorded_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX pix_received_order ON pix_received (order_id);
CREATE INDEX pix_received_unknown ON pix_received (recorded_at) WHERE outcome = 'desconhecido';

-- A refund (devolucao) of a whole received Pix. The id is ours, so a retried request finds the
-- same refund. 'a_solicitar' until the provider accepted it; then the provider's status.
CREATE TABLE pix_refunds (
  id text PRIMARY KEY,
  end_to_end_id text NOT NULL UNIQUE REFERENCES pix_received (end_to_end_id),
  order_id integer REFERENCES orders (id) ON DELETE SET NULL,
  amount bigint NOT NULL CHECK (amount > 0),
  reason text NOT NULL CHECK (reason IN ('cancelado', 'duplicado', 'valor-divergente')),
  status text NOT NULL CHECK (status IN ('a_solicitar', 'EM_PROCESSAMENTO', 'DEVOLVIDO', 'NAO_REALIZADO')),
  detail text,
  requested_at timestamptz NOT NULL DEFAULT now(),
  settled_at timestamptz,
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX pix_refunds_open ON pix_refunds (requested_at) WHERE status IN ('a_solicitar', 'EM_PROCESSAMENTO');
CREATE INDEX pix_refunds_order ON pix_refunds (order_id);

-- The webhook of our own invention is gone: deliveries are read back from the provider.
DROP TABLE payment_events;


-- Background jobs that one instance at a time should run (the reconciliation): a lease.
CREATE TABLE pix_jobs (
  name text PRIMARY KEY,
  claimed_until timestamptz NOT NULL
);
