-- 通话分析: the local signal analysis of a call's stereo recording (agent left, customer right): who
-- spoke how long, silences, overlaps (抢话), turns and the customer's first words. One row per call
-- record, so enqueuing a call twice analyses it once; the figures are written whole by the job.
-- state: pending 待分析, running 分析中, done 已完成, failed 失败 (the reason in error_reason).
CREATE TABLE "call_analyses" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"tenant_id" bigint NOT NULL REFERENCES "tenants"("id"),
	"call_record_id" bigint NOT NULL REFERENCES "call_records"("id") ON DELETE CASCADE,
	"state" text DEFAULT 'pending' NOT NULL CHECK ("state" IN ('pending', 'running', 'done', 'failed')),
	"error_reason" text DEFAULT '' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"figures" jsonb,
	"analysed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "call_analyses_call_record_idx" ON "call_analyses" ("call_record_id");
--> statement-breakpoint
-- The analyses' list, newest first, with and without its state filter.
CREATE INDEX "call_analyses_tenant_created_idx" ON "call_analyses" ("tenant_id", "created_at" DESC, "id" DESC);
--> statement-breakpoint
CREATE INDEX "call_analyses_tenant_state_created_idx" ON "call_analyses" ("tenant_id", "state", "created_at" DESC, "id" DESC);
--> statement-breakpoint
-- The job's look-up of what is due, whatever the enterprise: a handful of rows among every call's.
CREATE INDEX "call_analyses_due_idx" ON "call_analyses" ("id") WHERE state IN ('pending', 'running');
--> statement-breakpoint
SELECT enable_tenant_isolation('call_analyses');
--> statement-breakpoint
DO $$
BEGIN
  IF EXISTS (SELECT 1 FROM pg_roles WHERE rolname = 'yunhu_app') THEN
    GRANT SELECT, INSERT, UPDATE, DELETE ON call_analyses TO yunhu_app;
    GRANT USAGE, SELECT ON SEQUENCE call_analyses_id_seq TO yunhu_app;
  END IF;
END $$;
