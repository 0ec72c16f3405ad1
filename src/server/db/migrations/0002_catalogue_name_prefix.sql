-- Suggestions for one or two typed letters match names that START with them: trigrams need three
-- letters, so this btree prefix index keeps those lookups from scanning every product.
CREATE INDEX IF NOT EXISTS products_search_prefix ON products (search_text text_pattern_ops) WHERE active;
