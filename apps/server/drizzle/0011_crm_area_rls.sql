-- The CRM area's tenant tables get the tenant_isolation policy of 0001.
SELECT enable_tenant_isolation(t) FROM unnest(ARRAY[
  'crm_follow_records', 'crm_comments', 'crm_return_visits', 'crm_owner_logs', 'crm_change_logs',
  'crm_tags', 'crm_custom_fields', 'crm_quick_contents', 'crm_settings', 'crm_user_configs',
  'crm_imports', 'crm_import_rows'
]) AS t;
