-- 'Listas da obra' of signed-in customers (LISTAS_CONTA, src/server/services/work-lists.ts).
-- A list is named by the key its device made (a UUID), so a list created offline keeps its identity
-- when it reaches the server. A line is a product and a lote (0: no lote chosen) with its quantity;
-- `added_price_centavos` is the catalogue's price when the line was first added (read from the
-- database, never sent by the device), so 'Adicionar lista ao carrinho' can say the price changed.
-- `work_list_merges` remembers the sign-in merges' idempotency keys (a merge sums quantities:
-- replayed, it must not sum twice).
CREATE TABLE work_lists (
  customer_id integer NOT NULL REFERENCES customers (id) ON DELETE CASCADE,
  list_key text NOT NULL,
  name text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (customer_id, list_key)
);

CREATE TABLE work_list_lines (
  customer_id integer NOT NULL,
  list_key text NOT NULL,
  idprd integer NOT NULL,
  lote_id integer NOT NULL DEFAULT 0,
  quantity integer NOT NULL CHECK (quantity > 0),
  added_price_centavos bigint,
  added_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (customer_id, list_key, idprd, lote_id),
  FOREIGN KEY (customer_id, list_key) REFERENCES work_lists (customer_id, list_key) ON DELETE CASCADE
);

CREATE TABLE work_list_merges (
  customer_id integer NOT NULL REFERENCES customers (id) ON DELETE CASCADE,
  merge_key text NOT NULL,
  merged_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (customer_id, merge_key)
);
