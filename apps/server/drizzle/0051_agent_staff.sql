-- Issue 18: an agent manages its own staff (员工管理) and roles (角色权限). The agents created before
-- this migration get the two strings in their 代理商管理员 role (new agents get them from agentPermissions()).
UPDATE "roles" SET "permissions" = "roles"."permissions" || ARRAY['agent:staff:manage', 'agent:role:manage']
FROM "tenants"
WHERE "tenants"."id" = "roles"."tenant_id" AND "tenants"."kind" = 'agent' AND "roles"."name" = '代理商管理员'
	AND NOT ('agent:staff:manage' = ANY("roles"."permissions"));
