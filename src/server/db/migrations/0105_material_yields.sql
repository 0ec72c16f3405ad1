-- The calculators beyond tiles (issue 41, item 4; src/domain/material-yields.ts holds the yields).
--
--   material         the key of the product's line in the table of yields ('tinta-acrilica-premium-
--                    fosca', 'argamassa-colante', 'rejunte-flexivel', 'bloco-ceramico-9x19x19', ...);
--                    null: no calculator
--   package_content  what one unit sold holds, in the unit of its kind: litres of paint, kg of mortar
--                    or grout, blocks (18, 3.6, 20, 1, 1)
--   package_group    products that are the same thing in other package sizes share it (one colour of
--                    one paint line in 18 L and 3,6 L): the paint calculator offers them together
ALTER TABLE products
  ADD COLUMN material text CHECK (material IS NULL OR material ~ '^[a-z0-9-]{1,60}$'),
  ADD COLUMN package_content numeric(10, 3) CHECK (package_content IS NULL OR package_content > 0),
  ADD COLUMN package_group text CHECK (package_group IS NULL OR length(package_group) <= 120),
  ADD CONSTRAINT products_material_package CHECK ((material IS NULL) = (package_content IS NULL));
CREATE INDEX products_package_group ON products (package_group) WHERE package_group IS NOT NULL;
