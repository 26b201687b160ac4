-- The calling areas' tenant tables get the same policy as 0001's.
SELECT enable_tenant_isolation(t) FROM unnest(ARRAY['customers', 'seats', 'packets', 'call_records']) AS t;
