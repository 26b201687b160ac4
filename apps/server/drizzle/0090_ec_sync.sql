-- 腾讯EC 同步: an enterprise's EC account (secret sealed), the EC customer each of ours became, and
-- the items carried to EC (customers, follow-ups, call records) or pulled from it: outbox and log.
CREATE TABLE "ec_configs" (
	"tenant_id" bigint PRIMARY KEY NOT NULL REFERENCES "tenants"("id"),
	"corp_id" text NOT NULL,
	"app_id" text NOT NULL,
	"secret_sealed" text NOT NULL,
	"default_ec_user_id" text NOT NULL,
	"is_enabled" boolean DEFAULT false NOT NULL,
	"field_map" jsonb NOT NULL,
	"staff_map" jsonb NOT NULL,
	"last_pulled_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ec_customer_links" (
	"tenant_id" bigint NOT NULL REFERENCES "tenants"("id"),
	"customer_id" bigint NOT NULL REFERENCES "customers"("id") ON DELETE CASCADE,
	"crm_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	PRIMARY KEY ("tenant_id", "customer_id")
);
--> statement-breakpoint
CREATE INDEX "ec_customer_links_customer_idx" ON "ec_customer_links" ("customer_id");
--> statement-breakpoint
CREATE UNIQUE INDEX "ec_customer_links_crm_idx" ON "ec_customer_links" ("tenant_id", "crm_id");
--> statement-breakpoint
-- state: pending (due at next_attempt_at; 重试中 once tried) | succeeded | failed (after its last attempt).
CREATE TABLE "ec_sync_items" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"tenant_id" bigint NOT NULL REFERENCES "tenants"("id"),
	"kind" text NOT NULL CHECK ("kind" IN ('customer', 'followup', 'call', 'pull')),
	"ref_id" bigint,
	"subject" text DEFAULT '' NOT NULL,
	"payload" jsonb NOT NULL,
	"state" text DEFAULT 'pending' NOT NULL CHECK ("state" IN ('pending', 'succeeded', 'failed')),
	"attempts" integer DEFAULT 0 NOT NULL,
	"max_attempts" integer DEFAULT 5 NOT NULL,
	"next_attempt_at" timestamp with time zone,
	"last_error" text DEFAULT '' NOT NULL,
	"last_attempt_at" timestamp with time zone,
	"ec_id" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "ec_sync_items_tenant_idx" ON "ec_sync_items" ("tenant_id", "id" DESC);
--> statement-breakpoint
CREATE INDEX "ec_sync_items_state_idx" ON "ec_sync_items" ("tenant_id", "state", "id" DESC);
--> statement-breakpoint
CREATE INDEX "ec_sync_items_kind_idx" ON "ec_sync_items" ("tenant_id", "kind", "id" DESC);
--> statement-breakpoint
-- The job finds due items of every enterprise.
CREATE INDEX "ec_sync_items_due_idx" ON "ec_sync_items" ("next_attempt_at") WHERE "state" = 'pending';
--> statement-breakpoint
SELECT enable_tenant_isolation('ec_configs');
--> statement-breakpoint
SELECT enable_tenant_isolation('ec_customer_links');
--> statement-breakpoint
SELECT enable_tenant_isolation('ec_sync_items');
--> statement-breakpoint
-- 腾讯EC 同步 is built: an enterprise may switch it on in the app centre.
UPDATE "app_products" SET "is_built" = true, "price_text" = '免费' WHERE "code" = 'tencent_ec';
--> statement-breakpoint
DO $$
BEGIN
  IF EXISTS (SELECT 1 FROM pg_roles WHERE rolname = 'yunhu_app') THEN
    GRANT SELECT, INSERT, UPDATE, DELETE ON ec_configs, ec_customer_links, ec_sync_items TO yunhu_app;
    GRANT USAGE, SELECT ON SEQUENCE ec_sync_items_id_seq TO yunhu_app;
  END IF;
END $$;
