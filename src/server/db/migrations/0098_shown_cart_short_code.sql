-- 'Mostrar ao vendedor' without a camera: beside the QR's code, a short one the seller types into
-- the tablet's search box ('C-482913', src/api/shown-cart.ts). It opens the cart only on a paired
-- tablet, lives the same 15 minutes, and only one live row holds it at a time.
ALTER TABLE shown_carts ADD COLUMN short_code text;
CREATE INDEX shown_carts_short_code ON shown_carts (short_code);
