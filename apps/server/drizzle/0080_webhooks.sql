-- 开放平台 › Webhook: an enterprise's endpoints (address, chosen events, signing secret), one delivery
-- per event and endpoint written in the transaction of the business change (the outbox), and each
-- attempt to deliver it (the delivery log).
CREATE TABLE "webhook_endpoints" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"tenant_id" bigint NOT NULL REFERENCES "tenants"("id"),
	"url" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"events" text[] DEFAULT '{}'::text[] NOT NULL,
	"is_enabled" boolean DEFAULT true NOT NULL,
	-- whsec_<base64>: the key both sides sign with, so kept readable (shown to the administrator on demand).
	"secret" text NOT NULL,
	"created_by" bigint NOT NULL REFERENCES "users"("id"),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "webhook_endpoints_tenant_idx" ON "webhook_endpoints" ("tenant_id", "id");
--> statement-breakpoint
-- state: pending (due at next_attempt_at) | succeeded | failed (after its last attempt).
CREATE TABLE "webhook_deliveries" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"tenant_id" bigint NOT NULL REFERENCES "tenants"("id"),
	"endpoint_id" bigint NOT NULL REFERENCES "webhook_endpoints"("id") ON DELETE CASCADE,
	"message_id" text NOT NULL,
	"event_type" text NOT NULL,
	"payload" jsonb NOT NULL,
	"state" text DEFAULT 'pending' NOT NULL CHECK ("state" IN ('pending', 'succeeded', 'failed')),
	"attempts" integer DEFAULT 0 NOT NULL,
	"max_attempts" integer DEFAULT 5 NOT NULL,
	"next_attempt_at" timestamp with time zone,
	"last_status" integer,
	"last_error" text DEFAULT '' NOT NULL,
	"last_duration_ms" integer,
	"last_attempt_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "webhook_deliveries_message_idx" ON "webhook_deliveries" ("endpoint_id", "message_id");
--> statement-breakpoint
-- The delivery log of an endpoint, newest first, with its state filter.
CREATE INDEX "webhook_deliveries_endpoint_idx" ON "webhook_deliveries" ("endpoint_id", "state", "id" DESC);
--> statement-breakpoint
-- The job's look for what is due, across enterprises.
CREATE INDEX "webhook_deliveries_due_idx" ON "webhook_deliveries" ("next_attempt_at") WHERE "state" = 'pending';
--> statement-breakpoint
CREATE TABLE "webhook_attempts" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"tenant_id" bigint NOT NULL REFERENCES "tenants"("id"),
	"delivery_id" bigint NOT NULL REFERENCES "webhook_deliveries"("id") ON DELETE CASCADE,
	"attempt" integer NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"status" integer,
	"duration_ms" integer NOT NULL,
	"error" text DEFAULT '' NOT NULL,
	"next_retry_at" timestamp with time zone
);
--> statement-breakpoint
CREATE INDEX "webhook_attempts_delivery_idx" ON "webhook_attempts" ("delivery_id", "id");
--> statement-breakpoint
SELECT enable_tenant_isolation(t) FROM unnest(ARRAY['webhook_endpoints', 'webhook_deliveries', 'webhook_attempts']) AS t;
--> statement-breakpoint
DO $$
BEGIN
  IF EXISTS (SELECT 1 FROM pg_roles WHERE rolname = 'yunhu_app') THEN
    GRANT SELECT, INSERT, UPDATE, DELETE ON webhook_endpoints, webhook_deliveries, webhook_attempts TO yunhu_app;
    GRANT USAGE, SELECT ON SEQUENCE webhook_endpoints_id_seq, webhook_deliveries_id_seq, webhook_attempts_id_seq TO yunhu_app;
  END IF;
END $$;
