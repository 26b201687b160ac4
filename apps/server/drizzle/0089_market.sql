-- 第三方市场: the platform's list of other vendors' add-ons (no tenant: every enterprise reads the
-- listed ones) and each enterprise's requests for them, which the platform works through.
CREATE TABLE "market_items" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"vendor" text NOT NULL,
	"description" text NOT NULL,
	"link" text DEFAULT '' NOT NULL,
	"contact" text DEFAULT '' NOT NULL,
	"price_text" text DEFAULT '' NOT NULL,
	"is_listed" boolean DEFAULT true NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "market_items_listed_idx" ON "market_items" ("is_listed", "sort", "id");
--> statement-breakpoint
CREATE TABLE "market_requests" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"tenant_id" bigint NOT NULL REFERENCES "tenants"("id"),
	"item_id" bigint NOT NULL REFERENCES "market_items"("id"),
	"user_id" bigint NOT NULL REFERENCES "users"("id"),
	"author" text NOT NULL,
	"contact_name" text NOT NULL,
	"phone" text NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"state" text DEFAULT 'pending' NOT NULL CHECK ("state" IN ('pending', 'contacted', 'done', 'rejected')),
	"reply" text DEFAULT '' NOT NULL,
	"handled_by" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
-- One open request per enterprise and item: a second 申请 (or a double click) while one is open is refused.
CREATE UNIQUE INDEX "market_requests_open_idx" ON "market_requests" ("tenant_id", "item_id")
	WHERE "state" IN ('pending', 'contacted');
--> statement-breakpoint
CREATE INDEX "market_requests_tenant_idx" ON "market_requests" ("tenant_id", "id");
--> statement-breakpoint
CREATE INDEX "market_requests_state_idx" ON "market_requests" ("state", "id");
--> statement-breakpoint
CREATE INDEX "market_requests_item_idx" ON "market_requests" ("item_id");
--> statement-breakpoint
CREATE INDEX "market_requests_user_idx" ON "market_requests" ("user_id");
--> statement-breakpoint
SELECT enable_tenant_isolation('market_requests');
--> statement-breakpoint
DO $$
BEGIN
  IF EXISTS (SELECT 1 FROM pg_roles WHERE rolname = 'yunhu_app') THEN
    GRANT SELECT, INSERT, UPDATE, DELETE ON market_items, market_requests TO yunhu_app;
    GRANT USAGE, SELECT ON SEQUENCE market_items_id_seq, market_requests_id_seq TO yunhu_app;
  END IF;
END $$;
