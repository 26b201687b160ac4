-- Row-level security: a second wall behind the tenant filter of every repository query.
-- Requests run their tenant-scoped queries as the role yunhu_app with app.tenant_id set for the
-- transaction (src/db/tenant.ts); a query that forgot its tenant filter still sees only its tenant.
DO $$
BEGIN
  IF NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = 'yunhu_app') THEN
    CREATE ROLE yunhu_app NOLOGIN;
  END IF;
  IF NOT pg_has_role(current_user, 'yunhu_app', 'MEMBER') THEN
    EXECUTE format('GRANT yunhu_app TO %I', current_user);
  END IF;
EXCEPTION WHEN duplicate_object OR unique_violation THEN
  NULL; -- another database on this server created it at the same moment
WHEN insufficient_privilege THEN
  RAISE NOTICE 'no privilege to create role yunhu_app: tenant scope relies on the query filters alone';
END $$;
--> statement-breakpoint
-- Every tenant table of every area gets its policy through this one function.
CREATE OR REPLACE FUNCTION enable_tenant_isolation(tbl text) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  EXECUTE format('ALTER TABLE %I ENABLE ROW LEVEL SECURITY', tbl);
  EXECUTE format('DROP POLICY IF EXISTS tenant_isolation ON %I', tbl);
  EXECUTE format(
    'CREATE POLICY tenant_isolation ON %I USING (tenant_id = nullif(current_setting(''app.tenant_id'', true), '''')::bigint)',
    tbl
  );
END $$;
--> statement-breakpoint
DO $$
BEGIN
  IF EXISTS (SELECT 1 FROM pg_roles WHERE rolname = 'yunhu_app') THEN
    GRANT USAGE ON SCHEMA public TO yunhu_app;
    GRANT SELECT, INSERT, UPDATE, DELETE ON ALL TABLES IN SCHEMA public TO yunhu_app;
    GRANT USAGE, SELECT ON ALL SEQUENCES IN SCHEMA public TO yunhu_app;
    ALTER DEFAULT PRIVILEGES IN SCHEMA public GRANT SELECT, INSERT, UPDATE, DELETE ON TABLES TO yunhu_app;
    ALTER DEFAULT PRIVILEGES IN SCHEMA public GRANT USAGE, SELECT ON SEQUENCES TO yunhu_app;
  END IF;
END $$;
--> statement-breakpoint
SELECT enable_tenant_isolation(t)
FROM unnest(ARRAY['departments', 'roles', 'users', 'user_roles', 'operation_logs', 'uploads']) AS t;
