-- The bundled API Pix emulator's own records (src/server/pix-emulator): what a payment provider
-- holds, kept apart from the store's tables. In the database rather than in memory so that a
-- restart, or several instances on one PostgreSQL, see the same charges.
CREATE TABLE pix_emulator_cobs (
  txid text PRIMARY KEY,
  location text NOT NULL UNIQUE,
  status text NOT NULL,
  -- The charge as GET /cob/{txid} answers it, without its `pix` list.
  body jsonb NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL
);
CREATE TABLE pix_emulator_pix (
  end_to_end_id text PRIMARY KEY,
  txid text,
  -- The Pix as GET /pix/{e2eid} answers it, without its `devolucoes` list.
  body jsonb NOT NULL,
  received_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX pix_emulator_pix_received ON pix_emulator_pix (received_at);
CREATE INDEX pix_emulator_pix_txid ON pix_emulator_pix (txid);
CREATE TABLE pix_emulator_refunds (
  end_to_end_id text NOT NULL REFERENCES pix_emulator_pix (end_to_end_id),
  id text NOT NULL,
  body jsonb NOT NULL,
  -- When the refund settles (EM_PROCESSAMENTO until then, DEVOLVIDO after).
  settles_at timestamptz NOT NULL,
  PRIMARY KEY (end_to_end_id, id)
);
CREATE TABLE pix_emulator_webhooks (
  chave text PRIMARY KEY,
  webhook_url text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
