-- What Adyen has told us of each card payment (src/server/services/payments/cards/adyen-records.ts).
-- Adyen's Checkout API has no GET of a payment: its answers and its authenticated webhooks are the
-- only word on a payment's state, so the Adyen adapter keeps them here and its `get` reads them.
-- A record is found by Adyen's pspReference or, before Adyen gave one (a lost answer), by our
-- attempt's key, which AUTHORISATION webhooks echo. No card data: the record holds the brand, the
-- last four digits and Adyen's words, never the encrypted fields.
CREATE TABLE adyen_payments (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  psp_reference text UNIQUE,
  attempt_key text UNIQUE,
  record jsonb NOT NULL,
  updated_at timestamptz NOT NULL DEFAULT now(),
  CHECK (psp_reference IS NOT NULL OR attempt_key IS NOT NULL)
);
