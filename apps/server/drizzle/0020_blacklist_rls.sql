-- The black-list area's tenant tables get the tenant_isolation policy of 0001. The platform's list
-- (platform_number_blacklist) has no tenant: every enterprise reads it, only platform routes write it.
SELECT enable_tenant_isolation(t) FROM unnest(ARRAY['number_blacklist', 'blacklist_intercepts']) AS t;
