-- Issue 13: the customer lists at 1,000,000 customers.
-- 1. Keyword search (name, company, remark; pinyin 张三 = zhangsan, initials zs; a mobile fragment).
-- One text per customer holds every searchable field, lower-cased; a trigram index over it answers
-- `%…%`. The separator is a newline, which a keyword (one trimmed line) does not hold.
CREATE OR REPLACE FUNCTION customer_search_text(name text, company text, remark text, mobile text,
  name_pinyin text, name_initials text)
RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT lower(name || E'\n' || company || E'\n' || remark || E'\n' || mobile || E'\n' || name_pinyin
    || E'\n' || name_initials)
$$;
--> statement-breakpoint
-- LIKE is not leakproof, so under row-level security PostgreSQL will not use an index for it on
-- customers (as for call records, migration 0026): this function runs the match as the table's
-- owner, confined to the session's tenant (app.tenant_id; the given tenant only where the session
-- has none, i.e. outside the row-level-security role), and answers ids, which the caller's query
-- then reads under its own policy, pool, data scope and filters.
-- `pattern` is the escaped LIKE pattern of the keyword (name, company, remark; ILIKE); `pinyin`,
-- `initials` and `mobile` are the patterns of the branches the keyword takes (NULL: not taken); the
-- mobile-fragment filter alone is `mobile` with the others NULL.
-- The index finds the rows whose search text holds the keyword (or its compact form); the exact
-- conditions of each field then decide.
CREATE OR REPLACE FUNCTION customer_ids_by_keyword(tenant bigint, pattern text, pinyin text, initials text,
  mobile text)
RETURNS SETOF bigint LANGUAGE plpgsql STABLE SECURITY DEFINER SET search_path = public, pg_temp ROWS 100 AS $$
DECLARE
  wide text := lower(pattern);
  compact text := coalesce(pinyin, mobile);
  searched text := 'customer_search_text(name, company, remark, mobile, name_pinyin, name_initials) LIKE ';
  found text[] := '{}';
BEGIN
  IF wide IS NOT NULL THEN found := found || (searched || '$5'); END IF;
  IF compact IS NOT NULL AND compact IS DISTINCT FROM wide THEN found := found || (searched || '$7'); END IF;
  IF cardinality(found) = 0 THEN RETURN; END IF;
  -- EXECUTE plans with the values, so the planner sees the patterns (and their trigrams).
  RETURN QUERY EXECUTE 'SELECT id FROM customers
    WHERE tenant_id = coalesce(nullif(current_setting(''app.tenant_id'', true), '''')::bigint, $6)
      AND (' || array_to_string(found, ' OR ') || ')
      AND (name ILIKE $1 OR company ILIKE $1 OR remark ILIKE $1 OR name_pinyin LIKE $2
        OR name_initials LIKE $3 OR mobile LIKE $4)'
    USING pattern, pinyin, initials, mobile, wide, tenant, compact;
END $$;
--> statement-breakpoint
-- The trigram index where the server has pg_trgm (PostgreSQL's contrib; PGlite loads it too).
-- Without it the function scans the tenant's customers, as the search did before.
DO $$
BEGIN
  CREATE EXTENSION IF NOT EXISTS pg_trgm;
  EXECUTE 'CREATE INDEX IF NOT EXISTS customers_search_trgm_idx ON customers USING gin
    (customer_search_text(name, company, remark, mobile, name_pinyin, name_initials) gin_trgm_ops)';
EXCEPTION WHEN OTHERS THEN
  RAISE NOTICE 'pg_trgm is not available: the customer keyword search scans the tenant''s customers';
END $$;
--> statement-breakpoint
-- 2. Deep pages read the page's ids first: these indexes give the lists' default orders with the id
-- tie-break, and hold the columns of the data scope and the level filter, so skipping 100,000 rows
-- is an index-only scan (the names are then read for the 20 rows of the page only).
-- The private pool, newest first (replaces customers_private_created_idx).
CREATE INDEX IF NOT EXISTS customers_private_page_idx ON customers (tenant_id, created_at DESC, id DESC)
  INCLUDE (owner_id, dept_id, intention_level) WHERE owner_id IS NOT NULL AND deleted_at IS NULL;
--> statement-breakpoint
DROP INDEX IF EXISTS customers_private_created_idx;
--> statement-breakpoint
-- The public pool, newest first (replaces customers_pool_created_idx).
CREATE INDEX IF NOT EXISTS customers_pool_page_idx ON customers (tenant_id, created_at DESC, id DESC)
  INCLUDE (intention_level) WHERE owner_id IS NULL AND deleted_at IS NULL;
--> statement-breakpoint
DROP INDEX IF EXISTS customers_pool_created_idx;
--> statement-breakpoint
-- The recycle bin, newest deletion first, with the columns of whose bin it is (replaces customers_recycle_idx).
CREATE INDEX IF NOT EXISTS customers_recycle_page_idx ON customers (tenant_id, deleted_at DESC, id DESC)
  INCLUDE (owner_id, dept_id, deleted_by) WHERE deleted_at IS NOT NULL;
--> statement-breakpoint
DROP INDEX IF EXISTS customers_recycle_idx;
--> statement-breakpoint
-- 3. Counts: the public pool by intention level, index-only like customers_private_level_idx.
CREATE INDEX IF NOT EXISTS customers_pool_level_idx ON customers (tenant_id, intention_level)
  WHERE owner_id IS NULL AND deleted_at IS NULL;
