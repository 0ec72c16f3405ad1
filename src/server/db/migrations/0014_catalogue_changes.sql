-- Every server process keeps the catalogue answers it serves in memory (src/server/http/answer-cache.ts).
-- Any statement that writes a table those answers are read from sends one NOTIFY on
-- 'catalogue_changed'; each process LISTENs and drops its copies. A trigger rather than calls in the
-- code: every write path is covered, including seeding, staff SQL and code not written yet. NOTIFY is
-- delivered on commit only (never for a rolled-back order) and repeated identical notifications of
-- one transaction are folded into one.
CREATE OR REPLACE FUNCTION notify_catalogue_changed() RETURNS trigger
  LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('catalogue_changed', '');
  RETURN NULL;
END;
$$;

DO $$
DECLARE
  catalogue_table text;
BEGIN
  FOREACH catalogue_table IN ARRAY ARRAY['product_groups', 'product_subgroups', 'brands', 'products',
                                         'stock', 'lotes', 'search_terms'] LOOP
    EXECUTE format('DROP TRIGGER IF EXISTS %I ON %I', catalogue_table || '_changed', catalogue_table);
    EXECUTE format(
      'CREATE TRIGGER %I AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON %I '
      'FOR EACH STATEMENT EXECUTE FUNCTION notify_catalogue_changed()',
      catalogue_table || '_changed', catalogue_table);
  END LOOP;
END;
$$;
