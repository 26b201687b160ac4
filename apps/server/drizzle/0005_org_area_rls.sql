-- The organisation area's tenant tables get the tenant_isolation policy of 0001.
SELECT enable_tenant_isolation(t) FROM unnest(ARRAY['role_depts', 'staff_imports', 'staff_import_rows']) AS t;
