-- Billing (issue 16, docs/decisions/0018-billing.md): each line's rate with its history, one charge
-- per call record (what it cost and what paid for it), the charges rolled up by Shanghai day, line,
-- department and person for the bill and its analysis, and each enterprise's low-balance setting.
CREATE TABLE "line_rates" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"line_id" bigint NOT NULL REFERENCES "lines"("id"),
	"unit_price" integer NOT NULL,
	"increment_seconds" integer NOT NULL,
	"minimum_seconds" integer DEFAULT 0 NOT NULL,
	"free_seconds" integer DEFAULT 0 NOT NULL,
	"valid_from" timestamp with time zone NOT NULL,
	"created_by_name" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "line_rates_figures_check" CHECK ("unit_price" >= 0 AND "increment_seconds" BETWEEN 1 AND 3600
		AND "minimum_seconds" BETWEEN 0 AND 3600 AND "free_seconds" BETWEEN 0 AND 3600)
);
--> statement-breakpoint
CREATE INDEX "line_rates_line_from_idx" ON "line_rates" ("line_id", "valid_from" DESC, "id" DESC);
--> statement-breakpoint
CREATE TABLE "call_charges" (
	"record_id" bigint PRIMARY KEY NOT NULL,
	"tenant_id" bigint NOT NULL REFERENCES "tenants"("id"),
	"user_id" bigint NOT NULL,
	"dept_id" bigint,
	"line_id" bigint NOT NULL,
	"start_time" timestamp with time zone NOT NULL,
	"duration" integer NOT NULL,
	"billed_seconds" integer NOT NULL,
	"units" integer NOT NULL,
	"unit_price" integer NOT NULL,
	"increment_seconds" integer NOT NULL,
	"amount" bigint NOT NULL,
	"packet_seconds" integer NOT NULL,
	"balance_amount" bigint NOT NULL,
	"paid_by" jsonb NOT NULL,
	"is_allocated" boolean NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "call_charges_figures_check" CHECK ("amount" >= 0 AND "packet_seconds" >= 0 AND "balance_amount" >= 0
		AND "packet_seconds" <= "billed_seconds" AND "balance_amount" <= "amount")
);
--> statement-breakpoint
CREATE INDEX "call_charges_tenant_time_idx" ON "call_charges" ("tenant_id", "start_time" DESC, "record_id" DESC);
--> statement-breakpoint
CREATE INDEX "call_charges_tenant_user_time_idx" ON "call_charges" ("tenant_id", "user_id", "start_time" DESC);
--> statement-breakpoint
CREATE TABLE "billing_daily" (
	"tenant_id" bigint NOT NULL REFERENCES "tenants"("id"),
	"day" date NOT NULL,
	"line_id" bigint NOT NULL,
	"dept_id" bigint,
	"user_id" bigint NOT NULL,
	"calls" integer NOT NULL,
	"duration" bigint NOT NULL,
	"billed_seconds" bigint NOT NULL,
	"amount" bigint NOT NULL,
	"packet_seconds" bigint NOT NULL,
	"balance_amount" bigint NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "billing_daily_key_idx" ON "billing_daily" ("tenant_id", "day", "line_id", "dept_id", "user_id") NULLS NOT DISTINCT;
--> statement-breakpoint
CREATE TABLE "billing_settings" (
	"tenant_id" bigint PRIMARY KEY NOT NULL REFERENCES "tenants"("id"),
	"low_balance_fen" bigint DEFAULT 0 NOT NULL,
	"is_sms" boolean DEFAULT false NOT NULL,
	"notified_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "billing_settings_threshold_check" CHECK ("low_balance_fen" >= 0)
);
--> statement-breakpoint
-- No package is used past its minutes or below zero, whatever a charge or a refund does.
ALTER TABLE "packets" ADD CONSTRAINT "packets_used_seconds_check" CHECK ("used_seconds" >= 0 AND "used_seconds" <= "total_minutes" * 60);
--> statement-breakpoint
SELECT enable_tenant_isolation(t) FROM unnest(ARRAY['call_charges', 'billing_daily', 'billing_settings']) AS t;
--> statement-breakpoint
DO $$
BEGIN
  IF EXISTS (SELECT 1 FROM pg_roles WHERE rolname = 'yunhu_app') THEN
    GRANT SELECT, INSERT, UPDATE, DELETE ON line_rates, call_charges, billing_daily, billing_settings TO yunhu_app;
    GRANT USAGE, SELECT ON ALL SEQUENCES IN SCHEMA public TO yunhu_app;
  END IF;
END $$;
