-- Dial requests are tenant rows: the tenant_isolation policy of 0001 (call_records has it since 0003).
SELECT enable_tenant_isolation('call_binds');
