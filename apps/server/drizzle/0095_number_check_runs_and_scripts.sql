-- 空号检测 on the job queue: a run of a batch's numbers is recorded (queued → running → done / failed
-- with its reason) and checked by the job outside any request's transaction; the numbers it was
-- priced for are kept on it, each chunk charged and written in a short transaction of its own.
-- One run waits or runs per batch at a time (the partial unique index).
CREATE TABLE "number_check_runs" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"tenant_id" bigint NOT NULL REFERENCES "tenants"("id"),
	"batch_id" uuid NOT NULL,
	"source" text NOT NULL,
	"state" text DEFAULT 'queued' NOT NULL,
	"mobiles" text[] NOT NULL,
	"unit_price" bigint NOT NULL,
	"checked" integer DEFAULT 0 NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"error_reason" text DEFAULT '' NOT NULL,
	"requested_by" bigint,
	"requested_by_name" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
CREATE UNIQUE INDEX "number_check_runs_active_idx" ON "number_check_runs" ("tenant_id", "batch_id") WHERE "state" IN ('queued', 'running');
--> statement-breakpoint
CREATE INDEX "number_check_runs_batch_idx" ON "number_check_runs" ("tenant_id", "batch_id", "id" DESC);
--> statement-breakpoint
CREATE INDEX "number_check_runs_due_idx" ON "number_check_runs" ("id") WHERE "state" IN ('queued', 'running');
--> statement-breakpoint
-- A task card's and an enterprise's line's own 话术 (a script of the library), shown first in the
-- side panel while calling within the task or on the line. Lines are the platform's, so the line's
-- script is the enterprise's row beside it.
ALTER TABLE "call_tasks" ADD COLUMN "script_id" bigint REFERENCES "resource_items"("id") ON DELETE SET NULL;
--> statement-breakpoint
CREATE INDEX "call_tasks_script_idx" ON "call_tasks" ("script_id") WHERE "script_id" IS NOT NULL;
--> statement-breakpoint
CREATE TABLE "line_scripts" (
	"tenant_id" bigint NOT NULL REFERENCES "tenants"("id"),
	"line_id" bigint NOT NULL REFERENCES "lines"("id"),
	"script_id" bigint NOT NULL REFERENCES "resource_items"("id") ON DELETE CASCADE,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	PRIMARY KEY ("tenant_id", "line_id")
);
--> statement-breakpoint
CREATE INDEX "line_scripts_script_idx" ON "line_scripts" ("script_id");
--> statement-breakpoint
SELECT enable_tenant_isolation(t) FROM unnest(ARRAY['number_check_runs', 'line_scripts']) AS t;
--> statement-breakpoint
DO $$
BEGIN
  IF EXISTS (SELECT 1 FROM pg_roles WHERE rolname = 'yunhu_app') THEN
    GRANT SELECT, INSERT, UPDATE ON number_check_runs TO yunhu_app;
    GRANT USAGE, SELECT ON SEQUENCE number_check_runs_id_seq TO yunhu_app;
    GRANT SELECT, INSERT, UPDATE, DELETE ON line_scripts TO yunhu_app;
  END IF;
END $$;
