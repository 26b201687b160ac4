-- 企业线索 of an enterprise: the companies it unlocked (their contacts as they were when it paid),
-- its quota ledger and its settings.
--
-- One unlock per (tenant, company): the unique index makes a second unlock of the same company find
-- the first, whoever clicks and however often.
CREATE TABLE "clue_unlocks" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"tenant_id" bigint NOT NULL REFERENCES "tenants"("id"),
	"company_id" bigint NOT NULL REFERENCES "clue_companies"("id"),
	"user_id" bigint NOT NULL REFERENCES "users"("id"),
	"dept_id" bigint,
	"user_name" text NOT NULL,
	"contacts" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"customer_id" bigint,
	"converted_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "clue_unlocks_tenant_company_idx" ON "clue_unlocks" ("tenant_id", "company_id");
--> statement-breakpoint
CREATE INDEX "clue_unlocks_tenant_created_idx" ON "clue_unlocks" ("tenant_id", "created_at" DESC, "id" DESC);
--> statement-breakpoint
-- A person's unlocks of the day, against the daily limit.
CREATE INDEX "clue_unlocks_user_created_idx" ON "clue_unlocks" ("tenant_id", "user_id", "created_at");
--> statement-breakpoint
-- The quota's ledger: append-only, units signed (trial and grants +, an unlock -1), the balance after
-- each row, unique on the business key (trial | unlock:<company id> | grant:<order>).
CREATE TABLE "clue_quota_ledger" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"tenant_id" bigint NOT NULL REFERENCES "tenants"("id"),
	"kind" text NOT NULL CHECK ("kind" IN ('trial', 'grant', 'unlock')),
	"units" integer NOT NULL,
	"balance_after" integer NOT NULL CHECK ("balance_after" >= 0),
	"business_key" text NOT NULL,
	"company_id" bigint REFERENCES "clue_companies"("id"),
	"user_id" bigint REFERENCES "users"("id"),
	"user_name" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "clue_quota_ledger_key_idx" ON "clue_quota_ledger" ("tenant_id", "business_key");
--> statement-breakpoint
CREATE INDEX "clue_quota_ledger_tenant_idx" ON "clue_quota_ledger" ("tenant_id", "id" DESC);
--> statement-breakpoint
CREATE TABLE "clue_settings" (
	"tenant_id" bigint PRIMARY KEY NOT NULL REFERENCES "tenants"("id"),
	"daily_limit" integer DEFAULT 10 NOT NULL CHECK ("daily_limit" >= 0),
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
SELECT enable_tenant_isolation(t) FROM unnest(ARRAY['clue_unlocks', 'clue_quota_ledger', 'clue_settings']) AS t;
--> statement-breakpoint
DO $$
BEGIN
  IF EXISTS (SELECT 1 FROM pg_roles WHERE rolname = 'yunhu_app') THEN
    GRANT SELECT, INSERT, UPDATE ON clue_unlocks, clue_settings TO yunhu_app;
    GRANT SELECT, INSERT ON clue_quota_ledger TO yunhu_app;
    GRANT USAGE, SELECT ON SEQUENCE clue_unlocks_id_seq, clue_quota_ledger_id_seq TO yunhu_app;
  END IF;
END $$;
--> statement-breakpoint
-- The template roles 主管 and 坐席 search, unlock and convert (an administrator holds everything
-- already); roles made before this migration by those names get the strings too.
UPDATE "roles" SET "permissions" = "roles"."permissions" || ARRAY['clue:company:view', 'clue:company:unlock', 'clue:company:convert']
FROM "tenants"
WHERE "tenants"."id" = "roles"."tenant_id" AND "tenants"."kind" = 'enterprise' AND NOT "roles"."is_admin"
	AND "roles"."name" IN ('主管', '坐席') AND NOT ('clue:company:view' = ANY("roles"."permissions"));
