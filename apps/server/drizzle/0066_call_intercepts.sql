-- 呼叫拦截记录: a call a soft-phone key tried toward the carrier without the dial flow's authorised
-- bind (or to another enterprise's key), refused 403 at the SIP edge. One row per refusal, in the
-- caller's enterprise; the administrator reads them newest first within the data scope.
CREATE TABLE "call_intercepts" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"tenant_id" bigint NOT NULL REFERENCES "tenants"("id"),
	"user_id" bigint REFERENCES "users"("id"),
	"dept_id" bigint REFERENCES "departments"("id"),
	"sip_user" text NOT NULL,
	"number" text NOT NULL,
	"bind_id" text DEFAULT '' NOT NULL,
	"reason" text NOT NULL,
	"source_ip" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "call_intercepts_tenant_created_idx" ON "call_intercepts" ("tenant_id", "created_at" DESC, "id" DESC);
--> statement-breakpoint
CREATE INDEX "call_intercepts_tenant_user_created_idx" ON "call_intercepts" ("tenant_id", "user_id", "created_at");
--> statement-breakpoint
SELECT enable_tenant_isolation('call_intercepts');
--> statement-breakpoint
DO $$
BEGIN
  IF EXISTS (SELECT 1 FROM pg_roles WHERE rolname = 'yunhu_app') THEN
    GRANT SELECT, INSERT, UPDATE, DELETE ON call_intercepts TO yunhu_app;
    GRANT USAGE, SELECT ON ALL SEQUENCES IN SCHEMA public TO yunhu_app;
  END IF;
END $$;
--> statement-breakpoint
-- The enterprise administrator's role reads the intercepts (roles made before this migration; new
-- ones get every enterprise string from the template).
UPDATE "roles" SET "permissions" = "permissions" || ARRAY['call:intercept:list']
WHERE "is_admin" AND NOT ('call:intercept:list' = ANY("permissions"))
  AND "tenant_id" IN (SELECT "id" FROM "tenants" WHERE "kind" = 'enterprise' AND NOT "is_super");
