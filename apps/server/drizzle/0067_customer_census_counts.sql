-- 客户统计 from counts kept up to date (docs/decisions/0086), as customer_counts (0032) and
-- call_hourly_stats (0026) are: statement-level triggers with transition tables add each statement's
-- rows, +1 new and -1 old, grouped, in the same transaction. customer_counts already answers the
-- census's total, pool, levels and owners; these add the two dimensions it lacks (the source, the
-- Shanghai day a customer was created) and the follow-ups per person and day. Each is keyed by what
-- the data scope needs (owner and department; the follow-up's author), so a scope's figures are a sum
-- of a few rows. Only customers outside the recycle bin count.
CREATE TABLE customer_source_counts (
  tenant_id bigint NOT NULL REFERENCES tenants(id),
  owner_id bigint,
  dept_id bigint,
  source text NOT NULL,
  n bigint NOT NULL,
  CONSTRAINT customer_source_counts_key UNIQUE NULLS NOT DISTINCT (tenant_id, owner_id, dept_id, source)
);
--> statement-breakpoint
SELECT enable_tenant_isolation('customer_source_counts');
--> statement-breakpoint
CREATE TABLE customer_day_counts (
  tenant_id bigint NOT NULL REFERENCES tenants(id),
  -- The Asia/Shanghai day of created_at.
  day date NOT NULL,
  owner_id bigint,
  dept_id bigint,
  n bigint NOT NULL,
  CONSTRAINT customer_day_counts_key UNIQUE NULLS NOT DISTINCT (tenant_id, day, owner_id, dept_id)
);
--> statement-breakpoint
SELECT enable_tenant_isolation('customer_day_counts');
--> statement-breakpoint
CREATE TABLE follow_day_counts (
  tenant_id bigint NOT NULL REFERENCES tenants(id),
  -- The Asia/Shanghai day of created_at.
  day date NOT NULL,
  user_id bigint,
  n bigint NOT NULL,
  CONSTRAINT follow_day_counts_key UNIQUE NULLS NOT DISTINCT (tenant_id, day, user_id)
);
--> statement-breakpoint
SELECT enable_tenant_isolation('follow_day_counts');
--> statement-breakpoint
-- Groups are upserted in key order, the source table before the day table in every statement, so two
-- writers moving customers between the same groups lock the same rows in the same order. An update
-- that changes none of the counted columns (a follow-up, a call, a re-level: most updates) returns
-- after one look at its rows, a plan cached for the session, instead of building two upserts that
-- would net to zero. It runs as the writer: under row-level security it only touches rows of app.tenant_id.
CREATE OR REPLACE FUNCTION customer_census_apply() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  src text := CASE TG_OP
    WHEN 'INSERT' THEN 'SELECT tenant_id, owner_id, dept_id, source, created_at, 1 AS sign FROM new_rows WHERE deleted_at IS NULL'
    WHEN 'DELETE' THEN 'SELECT tenant_id, owner_id, dept_id, source, created_at, -1 AS sign FROM old_rows WHERE deleted_at IS NULL'
    ELSE 'SELECT tenant_id, owner_id, dept_id, source, created_at, 1 AS sign FROM new_rows WHERE deleted_at IS NULL
      UNION ALL SELECT tenant_id, owner_id, dept_id, source, created_at, -1 AS sign FROM old_rows WHERE deleted_at IS NULL'
  END;
BEGIN
  -- Nested: an insert or delete trigger has only one of the transition tables to plan against. The
  -- counted rows before and after compared as multisets (set operations hash or sort; a join of the
  -- two, without statistics, was planned as a nested loop: 79 s for 10,000 rows).
  IF TG_OP = 'UPDATE' THEN
    IF NOT EXISTS (
      SELECT tenant_id, owner_id, dept_id, source, created_at FROM new_rows WHERE deleted_at IS NULL
      EXCEPT ALL SELECT tenant_id, owner_id, dept_id, source, created_at FROM old_rows WHERE deleted_at IS NULL
    ) AND NOT EXISTS (
      SELECT tenant_id, owner_id, dept_id, source, created_at FROM old_rows WHERE deleted_at IS NULL
      EXCEPT ALL SELECT tenant_id, owner_id, dept_id, source, created_at FROM new_rows WHERE deleted_at IS NULL
    ) THEN
      RETURN NULL;
    END IF;
  END IF;
  EXECUTE format($q$
    INSERT INTO customer_source_counts AS s (tenant_id, owner_id, dept_id, source, n)
    SELECT tenant_id, owner_id, dept_id, source, sum(sign) FROM (%s) d
    GROUP BY 1, 2, 3, 4 HAVING sum(sign) <> 0
    ORDER BY 1, 2, 3, 4
    ON CONFLICT ON CONSTRAINT customer_source_counts_key DO UPDATE SET n = s.n + excluded.n
  $q$, src);
  EXECUTE format($q$
    INSERT INTO customer_day_counts AS s (tenant_id, day, owner_id, dept_id, n)
    SELECT tenant_id, (created_at AT TIME ZONE 'Asia/Shanghai')::date, owner_id, dept_id, sum(sign) FROM (%s) d
    GROUP BY 1, 2, 3, 4 HAVING sum(sign) <> 0
    ORDER BY 1, 2, 3, 4
    ON CONFLICT ON CONSTRAINT customer_day_counts_key DO UPDATE SET n = s.n + excluded.n
  $q$, src);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION follow_day_counts_apply() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  src text := CASE TG_OP
    WHEN 'INSERT' THEN 'SELECT tenant_id, user_id, created_at, 1 AS sign FROM new_rows'
    WHEN 'DELETE' THEN 'SELECT tenant_id, user_id, created_at, -1 AS sign FROM old_rows'
    ELSE 'SELECT tenant_id, user_id, created_at, 1 AS sign FROM new_rows
      UNION ALL SELECT tenant_id, user_id, created_at, -1 AS sign FROM old_rows'
  END;
BEGIN
  EXECUTE format($q$
    INSERT INTO follow_day_counts AS s (tenant_id, day, user_id, n)
    SELECT tenant_id, (created_at AT TIME ZONE 'Asia/Shanghai')::date, user_id, sum(sign) FROM (%s) d
    GROUP BY 1, 2, 3 HAVING sum(sign) <> 0
    ORDER BY 1, 2, 3
    ON CONFLICT ON CONSTRAINT follow_day_counts_key DO UPDATE SET n = s.n + excluded.n
  $q$, src);
  RETURN NULL;
END $$;
--> statement-breakpoint
-- No writer slips between the backfill and the triggers: both tables are held until the migration commits.
LOCK TABLE customers, crm_follow_records IN SHARE ROW EXCLUSIVE MODE;
--> statement-breakpoint
CREATE TRIGGER customers_census_insert AFTER INSERT ON customers
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION customer_census_apply();
--> statement-breakpoint
CREATE TRIGGER customers_census_update AFTER UPDATE ON customers
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION customer_census_apply();
--> statement-breakpoint
CREATE TRIGGER customers_census_delete AFTER DELETE ON customers
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION customer_census_apply();
--> statement-breakpoint
CREATE TRIGGER crm_follow_records_days_insert AFTER INSERT ON crm_follow_records
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION follow_day_counts_apply();
--> statement-breakpoint
CREATE TRIGGER crm_follow_records_days_update AFTER UPDATE ON crm_follow_records
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION follow_day_counts_apply();
--> statement-breakpoint
CREATE TRIGGER crm_follow_records_days_delete AFTER DELETE ON crm_follow_records
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION follow_day_counts_apply();
--> statement-breakpoint
-- The backfill: the customers outside the recycle bin and every follow-up, grouped.
INSERT INTO customer_source_counts (tenant_id, owner_id, dept_id, source, n)
SELECT tenant_id, owner_id, dept_id, source, count(*) FROM customers WHERE deleted_at IS NULL GROUP BY 1, 2, 3, 4;
--> statement-breakpoint
INSERT INTO customer_day_counts (tenant_id, day, owner_id, dept_id, n)
SELECT tenant_id, (created_at AT TIME ZONE 'Asia/Shanghai')::date, owner_id, dept_id, count(*)
FROM customers WHERE deleted_at IS NULL GROUP BY 1, 2, 3, 4;
--> statement-breakpoint
INSERT INTO follow_day_counts (tenant_id, day, user_id, n)
SELECT tenant_id, (created_at AT TIME ZONE 'Asia/Shanghai')::date, user_id, count(*) FROM crm_follow_records GROUP BY 1, 2, 3;
