-- 应用中心: an add-on with a price (price_fen > 0) is off until the enterprise tries it (trial_days,
-- once) or buys it (period_days per order); an enterprise's switch keeps when its window ends
-- (ends_at, null: no end) and whether it is the trial. A free add-on is on unless switched off, as
-- before.
ALTER TABLE "app_products" ADD COLUMN "price_fen" integer DEFAULT 0 NOT NULL CHECK ("price_fen" >= 0);
--> statement-breakpoint
ALTER TABLE "app_products" ADD COLUMN "trial_days" integer DEFAULT 0 NOT NULL CHECK ("trial_days" BETWEEN 0 AND 365);
--> statement-breakpoint
ALTER TABLE "app_products" ADD COLUMN "period_days" integer DEFAULT 365 NOT NULL CHECK ("period_days" BETWEEN 1 AND 3650);
--> statement-breakpoint
ALTER TABLE "tenant_apps" ADD COLUMN "ends_at" timestamp with time zone;
--> statement-breakpoint
ALTER TABLE "tenant_apps" ADD COLUMN "is_trial" boolean DEFAULT false NOT NULL;
--> statement-breakpoint
ALTER TABLE "tenant_apps" ADD COLUMN "trial_used" boolean DEFAULT false NOT NULL;
--> statement-breakpoint
-- The add-ons an enterprise has off at a moment: the one rule the request's session look-up, the
-- menu and the other areas' questions share (the binder refuses an off add-on's routes). Not built,
-- switched off, a window that ended, or a priced add-on never tried nor bought. The platform operator
-- has every add-on.
CREATE OR REPLACE FUNCTION tenant_off_apps(p_tenant bigint, p_now timestamptz)
RETURNS text[] LANGUAGE sql STABLE AS $$
  SELECT coalesce(array_agg(p.code ORDER BY p.code), '{}')
    FROM app_products p
    LEFT JOIN tenant_apps a ON a.tenant_id = p_tenant AND a.app_code = p.code
    WHERE NOT EXISTS (SELECT 1 FROM tenants t WHERE t.id = p_tenant AND t.is_super)
      AND (NOT p.is_built OR CASE WHEN a.app_code IS NULL THEN p.price_fen > 0
        ELSE NOT a.is_on OR coalesce(a.ends_at <= p_now, false) END)
$$;
--> statement-breakpoint
-- session_entering of migration 0063, answering also the enterprise's off add-ons ('off_apps'), so
-- the binder refuses their routes without a statement more.
CREATE OR REPLACE FUNCTION session_entering(p_token_hash text, p_now timestamptz, p_role text)
RETURNS jsonb LANGUAGE plpgsql VOLATILE AS $$
DECLARE
  who record;
  held record;
  depts jsonb := '[]'::jsonb;
BEGIN
  SELECT s.token_hash, u.id AS user_id, u.username, u.real_name, u.dept_id, u.status AS user_status,
      u.must_change_password, t.id AS tenant_id, t.code AS tenant_code, t.status AS tenant_status, t.is_super
    INTO who
    FROM sessions s JOIN users u ON u.id = s.user_id JOIN tenants t ON t.id = u.tenant_id
    WHERE s.token_hash = p_token_hash AND s.revoked_at IS NULL AND s.expires_at > p_now
    LIMIT 1;
  IF NOT FOUND THEN
    RETURN NULL;
  END IF;
  SELECT coalesce((SELECT array_agg(p) FROM user_roles ur2
        JOIN roles r2 ON r2.id = ur2.role_id AND r2.status = 'active', unnest(r2.permissions) p
        WHERE ur2.user_id = who.user_id), '{}') AS permissions,
      coalesce(bool_or(r.is_admin), false) AS is_admin,
      coalesce(bool_or(ur.tenant_id = who.tenant_id AND (r.is_admin OR r.data_scope = 'all')), false) AS scope_all,
      coalesce(bool_or(ur.tenant_id = who.tenant_id AND r.data_scope = 'dept_and_below'), false) AS below,
      coalesce(bool_or(ur.tenant_id = who.tenant_id AND r.data_scope = 'dept'), false) AS dept,
      coalesce(bool_or(ur.tenant_id = who.tenant_id AND r.data_scope = 'custom'), false) AS custom
    INTO held
    FROM user_roles ur JOIN roles r ON r.id = ur.role_id
    WHERE ur.user_id = who.user_id AND r.status = 'active';
  IF NOT (who.is_super OR held.is_admin OR held.scope_all) THEN
    SELECT coalesce(jsonb_agg(x ORDER BY x), '[]'::jsonb) INTO depts FROM (
      SELECT b.id AS x FROM (WITH RECURSIVE sub(id) AS (
          SELECT dd.id FROM departments dd
            WHERE held.below AND dd.tenant_id = who.tenant_id AND dd.id = who.dept_id
          UNION
          SELECT c.id FROM departments c JOIN sub ON c.parent_id = sub.id WHERE c.tenant_id = who.tenant_id
        ) SELECT id FROM sub) b
      UNION SELECT who.dept_id WHERE who.dept_id IS NOT NULL AND held.dept AND NOT held.below
      UNION SELECT rd.dept_id FROM role_depts rd JOIN user_roles ur ON ur.role_id = rd.role_id
          JOIN roles r ON r.id = ur.role_id
        WHERE held.custom AND ur.user_id = who.user_id AND ur.tenant_id = who.tenant_id
          AND rd.tenant_id = who.tenant_id AND r.status = 'active' AND r.data_scope = 'custom'
    ) d;
  END IF;
  PERFORM set_config('app.tenant_id', who.tenant_id::text, true), set_config('role', p_role, true);
  RETURN jsonb_build_object('token_hash', who.token_hash, 'user_id', who.user_id, 'username', who.username,
    'real_name', who.real_name, 'dept_id', who.dept_id, 'user_status', who.user_status,
    'must_change_password', who.must_change_password, 'tenant_id', who.tenant_id,
    'tenant_code', who.tenant_code, 'tenant_status', who.tenant_status, 'is_super', who.is_super,
    'permissions', to_jsonb(held.permissions), 'is_admin', held.is_admin, 'scope_all', held.scope_all,
    'scope_depts', depts, 'off_apps', to_jsonb(tenant_off_apps(who.tenant_id, p_now)));
END $$;
