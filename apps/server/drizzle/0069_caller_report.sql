-- 号码报备 and 数据审核: an enterprise's reporting materials, kept per version (a change is a new
-- version; the old ones stay readable), and its per-number reports, reviewed by the platform.
CREATE TABLE "caller_report_materials" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"tenant_id" bigint NOT NULL REFERENCES "tenants"("id"),
	"version" integer NOT NULL,
	"company_name" text NOT NULL,
	"credit_code" text NOT NULL,
	"applicant_type" text NOT NULL,
	"applicant_name" text NOT NULL,
	-- AES-256-GCM of the ID number (iv.tag.cipher, base64url); only the masked form is ever shown.
	"id_number_cipher" text NOT NULL,
	"id_number_masked" text NOT NULL,
	"mobile" text NOT NULL,
	"contact_name" text NOT NULL,
	"contact_mobile" text NOT NULL,
	"usage_scenario" text NOT NULL,
	"script" text NOT NULL,
	"documents" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"submitted_by" bigint NOT NULL REFERENCES "users"("id"),
	"submitter" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "caller_report_materials_tenant_version_idx" ON "caller_report_materials" ("tenant_id", "version");
--> statement-breakpoint
CREATE TABLE "caller_reports" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"tenant_id" bigint NOT NULL REFERENCES "tenants"("id"),
	"line_id" bigint NOT NULL REFERENCES "lines"("id"),
	"number" text NOT NULL,
	"scenario" text NOT NULL,
	"script" text NOT NULL,
	"materials_version" integer,
	"state" text DEFAULT 'draft' NOT NULL,
	"reason" text DEFAULT '' NOT NULL,
	"created_by" bigint NOT NULL REFERENCES "users"("id"),
	"creator" text NOT NULL,
	"reviewer" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"submitted_at" timestamp with time zone,
	"reviewed_at" timestamp with time zone
);
--> statement-breakpoint
-- One report per number of a line in an enterprise: a correction resubmits it.
CREATE UNIQUE INDEX "caller_reports_tenant_line_number_idx" ON "caller_reports" ("tenant_id", "line_id", "number");
--> statement-breakpoint
CREATE INDEX "caller_reports_tenant_created_idx" ON "caller_reports" ("tenant_id", "created_at" DESC, "id" DESC);
--> statement-breakpoint
-- The platform's review queue: by state, oldest submission first.
CREATE INDEX "caller_reports_state_submitted_idx" ON "caller_reports" ("state", "submitted_at");
--> statement-breakpoint
SELECT enable_tenant_isolation(t) FROM unnest(ARRAY['caller_report_materials', 'caller_reports']) AS t;
--> statement-breakpoint
DO $$
BEGIN
  IF EXISTS (SELECT 1 FROM pg_roles WHERE rolname = 'yunhu_app') THEN
    GRANT SELECT, INSERT, UPDATE, DELETE ON caller_report_materials, caller_reports TO yunhu_app;
    GRANT USAGE, SELECT ON ALL SEQUENCES IN SCHEMA public TO yunhu_app;
  END IF;
END $$;
--> statement-breakpoint
-- Documents of the materials are uploads that the public file route never serves: only their
-- enterprise and the platform's reviewers read them, signed in.
ALTER TABLE "uploads" ADD COLUMN "is_private" boolean DEFAULT false NOT NULL;
--> statement-breakpoint
-- The enterprise administrator's role reports numbers (roles made before this migration; new ones
-- get every enterprise string from the template).
UPDATE "roles" SET "permissions" = "permissions" || ARRAY['report:material:view', 'report:material:submit', 'report:number:list', 'report:number:submit']
WHERE "is_admin" AND NOT ('report:material:view' = ANY("permissions"))
  AND "tenant_id" IN (SELECT "id" FROM "tenants" WHERE "kind" = 'enterprise' AND NOT "is_super");
--> statement-breakpoint
-- Whoever examines enterprises on the platform reviews their reports.
UPDATE "roles" SET "permissions" = "permissions" || ARRAY['platform:report:list', 'platform:report:examine']
WHERE 'platform:enterprise:list' = ANY("permissions") AND NOT ('platform:report:list' = ANY("permissions"));
