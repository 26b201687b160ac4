-- 正在拨打: who is calling a customer right now (the spec's addRedisByUser / removeRedisByUser), so two
-- agents do not call one customer at once. One row per customer; a claim past expires_at is free to
-- take, so a browser closed mid-call holds nobody for longer than the claim lasts.
CREATE TABLE "customer_call_claims" (
	"customer_id" bigint PRIMARY KEY NOT NULL REFERENCES "customers"("id") ON DELETE CASCADE,
	"tenant_id" bigint NOT NULL REFERENCES "tenants"("id"),
	"user_id" bigint NOT NULL REFERENCES "users"("id"),
	"user_name" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "customer_call_claims_tenant_user_idx" ON "customer_call_claims" ("tenant_id", "user_id");
--> statement-breakpoint
SELECT enable_tenant_isolation('customer_call_claims');
--> statement-breakpoint
DO $$
BEGIN
  IF EXISTS (SELECT 1 FROM pg_roles WHERE rolname = 'yunhu_app') THEN
    GRANT SELECT, INSERT, UPDATE, DELETE ON customer_call_claims TO yunhu_app;
  END IF;
END $$;
