-- 呼叫拦截记录: one row per refused INVITE, not per copy of it. A UDP phone repeats an INVITE it got
-- no answer to yet (the same Call-ID), and each copy reached the server; the SIP Call-ID now goes
-- with the row and an enterprise keeps one intercept per Call-ID (rows written before have none).
ALTER TABLE "call_intercepts" ADD COLUMN "call_id" text DEFAULT '' NOT NULL;
--> statement-breakpoint
CREATE UNIQUE INDEX "call_intercepts_tenant_call_idx" ON "call_intercepts" ("tenant_id", "call_id") WHERE "call_id" <> '';
