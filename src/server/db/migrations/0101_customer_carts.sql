-- One cart per signed-in customer across devices (CARRINHO_CONTA, src/server/services/customer-carts.ts).
-- A line is a product and a lote (0: no lote chosen). A removal is kept as a marker (quantity 0 and
-- removed_at) so an older add from another device does not bring the line back. `changed_at` is
-- when the device made the change; `revision` is the cart's revision that last changed the line, so
-- a change sent against a base at or above it is no conflict. `merge_keys` holds the idempotency keys
-- of the last sign-in merges (a merge sums quantities: replayed, it must not sum twice).
CREATE TABLE customer_carts (
  customer_id integer PRIMARY KEY REFERENCES customers (id) ON DELETE CASCADE,
  revision bigint NOT NULL DEFAULT 0,
  merge_keys jsonb NOT NULL DEFAULT '[]',
  updated_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE customer_cart_lines (
  customer_id integer NOT NULL REFERENCES customer_carts (customer_id) ON DELETE CASCADE,
  idprd integer NOT NULL,
  lote_id integer NOT NULL DEFAULT 0,
  quantity integer NOT NULL CHECK (quantity >= 0),
  removed_at timestamptz,
  changed_at timestamptz NOT NULL,
  revision bigint NOT NULL,
  PRIMARY KEY (customer_id, idprd, lote_id),
  CHECK ((removed_at IS NULL) = (quantity > 0))
);
