-- Resellers: an agent's notices to its enterprises and the seat summary (issue 18,
-- docs/decisions/0020-resellers.md, "Notices and the seat summary"). A notice itself is the system
-- area's (notices + notice_targets, the bell); agent_notices says which agent published it, under
-- which request key (one notice per key: a double click publishes once).
CREATE TABLE "agent_notices" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"agent_id" bigint NOT NULL REFERENCES "tenants"("id"),
	"notice_id" bigint REFERENCES "notices"("id") ON DELETE CASCADE,
	"audience" text NOT NULL,
	"request_key" text NOT NULL,
	"enterprise_count" integer DEFAULT 0 NOT NULL,
	"created_by" bigint,
	"created_by_name" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "agent_notices_audience_check" CHECK ("audience" IN ('all', 'chosen'))
);
--> statement-breakpoint
CREATE UNIQUE INDEX "agent_notices_request_key_idx" ON "agent_notices" ("agent_id", "request_key");
--> statement-breakpoint
-- 公告: an agent's notices, newest first.
CREATE INDEX "agent_notices_agent_created_idx" ON "agent_notices" ("agent_id", "created_at", "id");
--> statement-breakpoint
-- The platform deleting a notice cascades here: the look-up by notice.
CREATE INDEX "agent_notices_notice_idx" ON "agent_notices" ("notice_id");
--> statement-breakpoint
-- 坐席汇总: an enterprise's seat months bought in a month (seat_terms by tenant and creation).
CREATE INDEX "seat_terms_tenant_created_idx" ON "seat_terms" ("tenant_id", "created_at");
--> statement-breakpoint
-- Agents created before this migration get the two new strings of their console.
UPDATE "roles" SET "permissions" = "roles"."permissions" || ARRAY['agent:notice:manage', 'agent:seat:summary']
FROM "tenants"
WHERE "tenants"."id" = "roles"."tenant_id" AND "tenants"."kind" = 'agent' AND "roles"."name" = '代理商管理员'
	AND NOT ('agent:notice:manage' = ANY("roles"."permissions"));
