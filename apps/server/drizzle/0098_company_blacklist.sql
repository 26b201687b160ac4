-- 企业黑名单 of companies: an enterprise's companies whose contacts never become customers (企业线索
-- marks them and refuses to unlock or convert them), by 统一社会信用代码 and/or name. name_key is the
-- name as compared (NFKC, no spaces, Latin in capitals). The code and the name are each unique within
-- the enterprise, so of parallel adds of one company one row is written.
CREATE TABLE "company_blacklist" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"tenant_id" bigint NOT NULL REFERENCES "tenants"("id"),
	"credit_code" text DEFAULT '' NOT NULL,
	"name" text DEFAULT '' NOT NULL,
	"name_key" text DEFAULT '' NOT NULL,
	"remark" text DEFAULT '' NOT NULL,
	"created_by" bigint,
	"created_by_name" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "company_blacklist_named_check" CHECK ("credit_code" <> '' OR "name_key" <> '')
);
--> statement-breakpoint
CREATE UNIQUE INDEX "company_blacklist_tenant_code_idx" ON "company_blacklist" ("tenant_id", "credit_code") WHERE "credit_code" <> '';
--> statement-breakpoint
CREATE UNIQUE INDEX "company_blacklist_tenant_name_idx" ON "company_blacklist" ("tenant_id", "name_key") WHERE "name_key" <> '';
--> statement-breakpoint
CREATE INDEX "company_blacklist_tenant_created_idx" ON "company_blacklist" ("tenant_id", "created_at" DESC, "id" DESC);
--> statement-breakpoint
SELECT enable_tenant_isolation('company_blacklist');
--> statement-breakpoint
DO $$
BEGIN
  IF EXISTS (SELECT 1 FROM pg_roles WHERE rolname = 'yunhu_app') THEN
    GRANT SELECT, INSERT, DELETE ON company_blacklist TO yunhu_app;
    GRANT USAGE, SELECT ON SEQUENCE company_blacklist_id_seq TO yunhu_app;
  END IF;
END $$;
