-- 空号检测: the platform's price per number checked (from valid_from on, no tenant), and each
-- enterprise's results per check batch (an import's or a clue match's id) and mobile: the number is
-- charged once per batch (ledger business key <batch>:<mobile>), its result kept, and 一键排除 marks
-- the numbers left out of the import or of the conversion (excluded_at).
CREATE TABLE "number_check_rates" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"unit_price" bigint NOT NULL,
	"valid_from" timestamp with time zone NOT NULL,
	"created_by_name" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "number_check_rates_price_check" CHECK ("unit_price" >= 0)
);
--> statement-breakpoint
CREATE INDEX "number_check_rates_from_idx" ON "number_check_rates" ("valid_from" DESC, "id" DESC);
--> statement-breakpoint
INSERT INTO "number_check_rates" ("unit_price", "valid_from", "created_by_name") VALUES (3, '2026-01-01T00:00:00Z', '系统默认');
--> statement-breakpoint
CREATE TABLE "number_check_results" (
	"tenant_id" bigint NOT NULL REFERENCES "tenants"("id"),
	"batch_id" uuid NOT NULL,
	"mobile" text NOT NULL,
	"source" text NOT NULL,
	"result" text NOT NULL,
	"unit_price" bigint NOT NULL,
	"checked_by" bigint,
	"checked_at" timestamp with time zone DEFAULT now() NOT NULL,
	"excluded_at" timestamp with time zone,
	PRIMARY KEY ("tenant_id", "batch_id", "mobile")
);
--> statement-breakpoint
CREATE INDEX "number_check_results_mobile_idx" ON "number_check_results" ("tenant_id", "mobile") WHERE "excluded_at" IS NOT NULL;
--> statement-breakpoint
SELECT enable_tenant_isolation('number_check_results');
--> statement-breakpoint
DO $$
BEGIN
  IF EXISTS (SELECT 1 FROM pg_roles WHERE rolname = 'yunhu_app') THEN
    GRANT SELECT, INSERT ON number_check_rates TO yunhu_app;
    GRANT USAGE, SELECT ON SEQUENCE number_check_rates_id_seq TO yunhu_app;
    GRANT SELECT, INSERT, UPDATE ON number_check_results TO yunhu_app;
  END IF;
END $$;
