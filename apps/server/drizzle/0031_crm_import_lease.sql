-- A running import names the process writing it and when that process last wrote a chunk (its
-- lease): an import left running by a dead process is found and can be resumed (hardening item 6).
ALTER TABLE "crm_imports" ADD COLUMN "runner" text;--> statement-breakpoint
ALTER TABLE "crm_imports" ADD COLUMN "heartbeat_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "crm_imports_running_idx" ON "crm_imports" USING btree ("heartbeat_at") WHERE status = 'running';