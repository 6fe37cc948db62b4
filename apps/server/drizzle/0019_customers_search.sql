-- The customer list's text search (`phone like '%…%' or name ilike '%…%'`) reads trigram indexes
-- instead of every customer of the restaurant. pg_trgm is one per database (public unless someone put it
-- elsewhere), so its operator class is named with the schema it is in: the indexes still apply into
-- whichever schema search_path names. PGlite loads the extension in db/client.ts. A PostgreSQL without
-- contrib, or a role that may not create it, still migrates: a warning, and the search stays a scan.
DO $$
DECLARE
  ext_schema text;
BEGIN
  IF NOT EXISTS (SELECT 1 FROM pg_extension WHERE extname = 'pg_trgm') THEN
    BEGIN
      CREATE EXTENSION IF NOT EXISTS pg_trgm WITH SCHEMA public;
    EXCEPTION WHEN OTHERS THEN
      -- another server (or test file) may have created it at the same moment: looked up again below
      RAISE NOTICE 'create extension pg_trgm: %', SQLERRM;
    END;
  END IF;
  SELECT n.nspname INTO ext_schema FROM pg_extension e JOIN pg_namespace n ON n.oid = e.extnamespace
    WHERE e.extname = 'pg_trgm';
  IF ext_schema IS NULL THEN
    RAISE WARNING 'pg_trgm is not available: the customer list''s text search reads every customer';
    RETURN;
  END IF;
  EXECUTE format('CREATE INDEX IF NOT EXISTS customers_phone_trgm_idx ON customers USING gin (phone %I.gin_trgm_ops)', ext_schema);
  EXECUTE format('CREATE INDEX IF NOT EXISTS customers_name_trgm_idx ON customers USING gin (name %I.gin_trgm_ops)', ext_schema);
END $$;
