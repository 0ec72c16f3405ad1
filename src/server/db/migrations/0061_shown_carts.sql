-- 'Mostrar ao vendedor' (src/server/services/shown-carts.ts): a phone's cart lines behind a code a
-- store tablet reads from a QR. The code is kept only as its SHA-256; rows live 15 minutes and are
-- swept when new ones are made.
CREATE TABLE shown_carts (
  code_hash text PRIMARY KEY,
  lines jsonb NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL
);
CREATE INDEX shown_carts_expiry ON shown_carts (expires_at);
