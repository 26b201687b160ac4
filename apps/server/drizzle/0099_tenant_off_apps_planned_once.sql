-- tenant_off_apps of migration 0088 in PL/pgSQL: PostgreSQL 15 plans a SQL function's query again
-- on every call it cannot inline (an aggregate prevents inlining), and the session look-up calls it
-- on every signed-in request; PL/pgSQL keeps the plan for the connection's life. Same rule, same
-- answer.
CREATE OR REPLACE FUNCTION tenant_off_apps(p_tenant bigint, p_now timestamptz)
RETURNS text[] LANGUAGE plpgsql STABLE AS $$
BEGIN
  RETURN (SELECT coalesce(array_agg(p.code ORDER BY p.code), '{}')
    FROM app_products p
    LEFT JOIN tenant_apps a ON a.tenant_id = p_tenant AND a.app_code = p.code
    WHERE NOT EXISTS (SELECT 1 FROM tenants t WHERE t.id = p_tenant AND t.is_super)
      AND (NOT p.is_built OR CASE WHEN a.app_code IS NULL THEN p.price_fen > 0
        ELSE NOT a.is_on OR coalesce(a.ends_at <= p_now, false) END));
END $$;
