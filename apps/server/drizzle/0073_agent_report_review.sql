-- 数据审核 by an agent: the platform lets an agent review the caller-number reports of the enterprises
-- registered through it (off until the platform turns it on, per agent).
ALTER TABLE "tenants" ADD COLUMN "reviews_reports" boolean DEFAULT false NOT NULL;
--> statement-breakpoint
-- The agents created before: their administrator role gets the review strings (the screen shows only
-- while the platform allows it).
UPDATE "roles" SET "permissions" = "roles"."permissions" || ARRAY['agent:report:list', 'agent:report:examine']
FROM "tenants"
WHERE "tenants"."id" = "roles"."tenant_id" AND "tenants"."kind" = 'agent' AND "roles"."name" = '代理商管理员'
	AND NOT ('agent:report:list' = ANY("roles"."permissions"));
