-- 批量匹配: the rows of an uploaded list that named exactly one company, kept for the result and for
-- 解锁并转为客户 (the import staging keeps the refused rows with their reasons).
CREATE TABLE "clue_match_rows" (
	"tenant_id" bigint NOT NULL REFERENCES "tenants"("id"),
	"import_id" uuid NOT NULL REFERENCES "crm_imports"("id") ON DELETE CASCADE,
	"row_no" integer NOT NULL,
	"input" text NOT NULL,
	"company_id" bigint NOT NULL REFERENCES "clue_companies"("id"),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	PRIMARY KEY ("tenant_id", "import_id", "row_no")
);
--> statement-breakpoint
SELECT enable_tenant_isolation('clue_match_rows');
--> statement-breakpoint
DO $$
BEGIN
  IF EXISTS (SELECT 1 FROM pg_roles WHERE rolname = 'yunhu_app') THEN
    GRANT SELECT, INSERT ON clue_match_rows TO yunhu_app;
  END IF;
END $$;
