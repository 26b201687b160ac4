-- 质检设置: the enterprise's quality rules (a rule's kind and what it checks in `rule`), its
-- extraction fields for the analyst, and which lines' calls are analysed (none listed: every line);
-- each analysed call keeps what they found in call_analyses.quality
-- (docs/decisions/0104-quality-rules-and-extraction-fields.md).
CREATE TABLE "call_quality_rules" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"tenant_id" bigint NOT NULL REFERENCES "tenants"("id"),
	"name" text NOT NULL,
	"is_enabled" boolean DEFAULT true NOT NULL,
	"rule" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "call_quality_rules_name_idx" ON "call_quality_rules" ("tenant_id", "name");
--> statement-breakpoint
CREATE TABLE "call_extraction_fields" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"tenant_id" bigint NOT NULL REFERENCES "tenants"("id"),
	"name" text NOT NULL,
	"type" text NOT NULL,
	"options" text[] DEFAULT '{}'::text[] NOT NULL,
	"hint" text DEFAULT '' NOT NULL,
	"keywords" text[] DEFAULT '{}'::text[] NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "call_extraction_fields_name_idx" ON "call_extraction_fields" ("tenant_id", "name");
--> statement-breakpoint
CREATE TABLE "call_analysis_scopes" (
	"tenant_id" bigint PRIMARY KEY NOT NULL REFERENCES "tenants"("id"),
	"line_ids" bigint[],
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "call_analyses" ADD COLUMN "quality" jsonb;
--> statement-breakpoint
SELECT enable_tenant_isolation(t) FROM unnest(ARRAY['call_quality_rules', 'call_extraction_fields', 'call_analysis_scopes']) AS t;
--> statement-breakpoint
DO $$
BEGIN
  IF EXISTS (SELECT 1 FROM pg_roles WHERE rolname = 'yunhu_app') THEN
    GRANT SELECT, INSERT, UPDATE, DELETE ON call_quality_rules, call_extraction_fields, call_analysis_scopes TO yunhu_app;
    GRANT USAGE, SELECT ON SEQUENCE call_quality_rules_id_seq, call_extraction_fields_id_seq TO yunhu_app;
  END IF;
END $$;
