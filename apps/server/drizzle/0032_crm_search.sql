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
-- mobile-fragment filter alone is `mobile` with the others NULL. At most `cap` ids: the caller
-- searches by a plain scan instead when a keyword matches more (e.g. 压测客户 in every name), where
-- looking up a huge set of ids would cost more than the scan.
-- The index finds the rows whose search text holds the keyword (or its compact form); the exact
-- conditions of each field then decide.
CREATE OR REPLACE FUNCTION customer_ids_by_keyword(tenant bigint, pattern text, pinyin text, initials text,
  mobile text, cap integer)
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
        OR name_initials LIKE $3 OR mobile LIKE $4)
    LIMIT $8'
    USING pattern, pinyin, initials, mobile, wide, tenant, compact, cap;
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
--> statement-breakpoint
-- 4. Exact counts without counting: how many customers each (pool or bin, owner, department, who
-- deleted it, intention level) holds, kept by statement-level triggers with transition tables, as
-- call_hourly_stats is (migration 0026, decision 0007): every INSERT, UPDATE or DELETE of customers
-- adds its rows' +1 (new) and -1 (old), grouped, in the same transaction; an update that moves no
-- customer between groups (a follow-up, a call) writes nothing. The lists' totals without filters
-- (or by level or owner) sum these rows inside the data scope instead of counting 780,000 index entries.
CREATE TABLE customer_counts (
  tenant_id bigint NOT NULL REFERENCES tenants(id),
  in_bin boolean NOT NULL,
  owner_id bigint,
  dept_id bigint,
  -- Who deleted it (the recycle bin shows a person what he deleted); NULL outside the bin.
  deleted_by bigint,
  intention_level text NOT NULL,
  n bigint NOT NULL,
  CONSTRAINT customer_counts_key UNIQUE NULLS NOT DISTINCT (tenant_id, in_bin, owner_id, dept_id, deleted_by, intention_level)
);
--> statement-breakpoint
SELECT enable_tenant_isolation('customer_counts');
--> statement-breakpoint
-- Groups are upserted in key order, so two statements moving customers between the same groups
-- lock their rows in the same order. It runs as the writer: under row-level security it can only
-- touch rows of app.tenant_id, as the customers it counts.
CREATE OR REPLACE FUNCTION customer_counts_apply() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  src text := CASE TG_OP
    WHEN 'INSERT' THEN 'SELECT *, 1 AS sign FROM new_rows'
    WHEN 'DELETE' THEN 'SELECT *, -1 AS sign FROM old_rows'
    ELSE 'SELECT *, 1 AS sign FROM new_rows UNION ALL SELECT *, -1 AS sign FROM old_rows'
  END;
BEGIN
  EXECUTE format($q$
    INSERT INTO customer_counts AS s (tenant_id, in_bin, owner_id, dept_id, deleted_by, intention_level, n)
    SELECT * FROM (
      SELECT tenant_id, deleted_at IS NOT NULL, owner_id, dept_id,
        CASE WHEN deleted_at IS NOT NULL THEN deleted_by END, intention_level, sum(sign) AS n
      FROM (%s) d GROUP BY 1, 2, 3, 4, 5, 6
    ) g
    WHERE n <> 0
    ORDER BY 1, 2, 3, 4, 5, 6
    ON CONFLICT ON CONSTRAINT customer_counts_key DO UPDATE SET n = s.n + excluded.n
  $q$, src);
  RETURN NULL;
END $$;
--> statement-breakpoint
-- No writer slips between the backfill and the triggers: the table is held until the migration commits.
LOCK TABLE customers IN SHARE ROW EXCLUSIVE MODE;
--> statement-breakpoint
CREATE TRIGGER customers_counts_insert AFTER INSERT ON customers
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION customer_counts_apply();
--> statement-breakpoint
CREATE TRIGGER customers_counts_update AFTER UPDATE ON customers
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION customer_counts_apply();
--> statement-breakpoint
CREATE TRIGGER customers_counts_delete AFTER DELETE ON customers
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION customer_counts_apply();
--> statement-breakpoint
INSERT INTO customer_counts (tenant_id, in_bin, owner_id, dept_id, deleted_by, intention_level, n)
SELECT tenant_id, deleted_at IS NOT NULL, owner_id, dept_id, CASE WHEN deleted_at IS NOT NULL THEN deleted_by END,
  intention_level, count(*)
FROM customers GROUP BY 1, 2, 3, 4, 5, 6;
--> statement-breakpoint
-- 5. The private pool's other indexed orders (last follow-up, next follow-up, last call) with the
-- data scope's columns included too, so a manager's deep page by them skips rows in the index alone.
DROP INDEX IF EXISTS customers_private_follow_idx;
--> statement-breakpoint
CREATE INDEX customers_private_follow_idx ON customers (tenant_id, last_follow_at DESC NULLS LAST, id DESC NULLS FIRST)
  INCLUDE (owner_id, dept_id, intention_level) WHERE owner_id IS NOT NULL AND deleted_at IS NULL;
--> statement-breakpoint
DROP INDEX IF EXISTS customers_private_next_idx;
--> statement-breakpoint
CREATE INDEX customers_private_next_idx ON customers (tenant_id, next_follow_at DESC NULLS LAST, id DESC NULLS FIRST)
  INCLUDE (owner_id, dept_id, intention_level) WHERE owner_id IS NOT NULL AND deleted_at IS NULL;
--> statement-breakpoint
DROP INDEX IF EXISTS customers_private_call_idx;
--> statement-breakpoint
CREATE INDEX customers_private_call_idx ON customers (tenant_id, last_call_at DESC NULLS LAST, id DESC NULLS FIRST)
  INCLUDE (owner_id, dept_id, intention_level) WHERE owner_id IS NOT NULL AND deleted_at IS NULL;
--> statement-breakpoint
-- 6. The public pool by its time in the pool, in the list's order (replaces the plain (tenant_id,
-- pool_at) index, which cannot give `pool_at DESC NULLS LAST, id DESC`), and the private pool by
-- intention level with the id tie-break (replaces the level counting index: the level still leads
-- and the scope columns are included, so counting by level stays index-only).
DROP INDEX IF EXISTS customers_pool_idx;
--> statement-breakpoint
CREATE INDEX customers_pool_idx ON customers (tenant_id, pool_at DESC NULLS LAST, id DESC NULLS FIRST)
  INCLUDE (intention_level) WHERE owner_id IS NULL AND deleted_at IS NULL;
--> statement-breakpoint
DROP INDEX IF EXISTS customers_private_level_idx;
--> statement-breakpoint
CREATE INDEX customers_private_level_idx ON customers (tenant_id, intention_level, id)
  INCLUDE (dept_id, owner_id) WHERE owner_id IS NOT NULL AND deleted_at IS NULL;
