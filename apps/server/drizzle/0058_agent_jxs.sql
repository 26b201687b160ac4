-- 经销商 (distributors, issue 18, docs/decisions/0020-resellers.md "Distributors"): a person or small
-- company selling for an agent. Each is a user of the agent's tenant (its console login) with its own
-- invitation code; an enterprise registering with that code belongs to the agent and is attributed to
-- the distributor (tenants.distributor_id). Not a tenant table: registration reads the code before any
-- tenant exists, and only the agent (across tenants, by agent_id) reads it.
CREATE TABLE "agent_distributors" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"agent_id" bigint NOT NULL REFERENCES "tenants"("id"),
	"user_id" bigint NOT NULL REFERENCES "users"("id"),
	"name" text NOT NULL,
	"contact_name" text NOT NULL,
	"mobile" text NOT NULL,
	"invite_code" text NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"created_by" bigint,
	"created_by_name" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "agent_distributors_status_check" CHECK ("status" IN ('active', 'disabled'))
);
--> statement-breakpoint
CREATE UNIQUE INDEX "agent_distributors_invite_code_idx" ON "agent_distributors" ("invite_code");
--> statement-breakpoint
-- One distributor per login; the wall finds the caller's distributor row by it.
CREATE UNIQUE INDEX "agent_distributors_user_idx" ON "agent_distributors" ("user_id");
--> statement-breakpoint
CREATE UNIQUE INDEX "agent_distributors_agent_name_idx" ON "agent_distributors" ("agent_id", "name");
--> statement-breakpoint
CREATE INDEX "agent_distributors_agent_created_idx" ON "agent_distributors" ("agent_id", "created_at", "id");
--> statement-breakpoint
-- The distributor an enterprise registered through (its code); null: the agent's own code or none.
ALTER TABLE "tenants" ADD COLUMN "distributor_id" bigint REFERENCES "agent_distributors"("id");
--> statement-breakpoint
CREATE INDEX "tenants_distributor_created_idx" ON "tenants" ("distributor_id", "created_at");
--> statement-breakpoint
-- 解锁名单: leads a distributor unlocked (added or imported), moved once into one of its enterprises'
-- CRM (move-crm). Not a tenant table: its rows belong to the agent's distributor, and the enterprise
-- it is moved into is another tenant, named by enterprise_id.
CREATE TABLE "jxs_unlock_leads" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"agent_id" bigint NOT NULL REFERENCES "tenants"("id"),
	"distributor_id" bigint NOT NULL REFERENCES "agent_distributors"("id"),
	"company_name" text NOT NULL,
	"contact_name" text DEFAULT '' NOT NULL,
	"mobile" text NOT NULL,
	"industry" text DEFAULT '' NOT NULL,
	"region" text DEFAULT '' NOT NULL,
	"status" text DEFAULT 'new' NOT NULL,
	"enterprise_id" bigint REFERENCES "tenants"("id"),
	"customer_id" bigint,
	"moved_at" timestamp with time zone,
	"moved_by_name" text DEFAULT '' NOT NULL,
	"created_by" bigint,
	"created_by_name" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "jxs_unlock_leads_status_check" CHECK ("status" IN ('new', 'moved')),
	CONSTRAINT "jxs_unlock_leads_moved_check" CHECK (("status" = 'moved') = ("enterprise_id" IS NOT NULL))
);
--> statement-breakpoint
-- A mobile is unlocked once per distributor.
CREATE UNIQUE INDEX "jxs_unlock_leads_distributor_mobile_idx" ON "jxs_unlock_leads" ("distributor_id", "mobile");
--> statement-breakpoint
CREATE INDEX "jxs_unlock_leads_distributor_created_idx" ON "jxs_unlock_leads" ("distributor_id", "created_at", "id");
--> statement-breakpoint
CREATE INDEX "jxs_unlock_leads_agent_created_idx" ON "jxs_unlock_leads" ("agent_id", "created_at", "id");
--> statement-breakpoint
CREATE INDEX "jxs_unlock_leads_enterprise_idx" ON "jxs_unlock_leads" ("enterprise_id");
--> statement-breakpoint
DO $$
BEGIN
  IF EXISTS (SELECT 1 FROM pg_roles WHERE rolname = 'yunhu_app') THEN
    GRANT SELECT, INSERT, UPDATE, DELETE ON agent_distributors, jxs_unlock_leads TO yunhu_app;
    GRANT USAGE, SELECT ON ALL SEQUENCES IN SCHEMA public TO yunhu_app;
  END IF;
END $$;
--> statement-breakpoint
-- The agents created before this migration: their administrator role gets the distributor strings.
UPDATE "roles" SET "permissions" = "roles"."permissions" || ARRAY['agent:jxs:manage', 'agent:jxs:use', 'agent:jxs:unlock']
FROM "tenants"
WHERE "tenants"."id" = "roles"."tenant_id" AND "tenants"."kind" = 'agent' AND "roles"."name" = '代理商管理员'
	AND NOT ('agent:jxs:manage' = ANY("roles"."permissions"));
