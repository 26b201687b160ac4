-- Commerce (issue 15, docs/decisions/0017-commerce.md): the enterprise's account and its append-only
-- ledger, the platform's package catalogue, orders, their payment attempts and every notification a
-- payment channel sent. Money is integer fen (bigint); a balance never changes without its ledger row.
CREATE TABLE "accounts" (
	"tenant_id" bigint PRIMARY KEY NOT NULL REFERENCES "tenants"("id"),
	"balance" bigint DEFAULT 0 NOT NULL,
	"frozen" bigint DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "accounts_frozen_check" CHECK ("frozen" >= 0)
);
--> statement-breakpoint
CREATE TABLE "ledger_entries" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"tenant_id" bigint NOT NULL REFERENCES "tenants"("id"),
	"kind" text NOT NULL,
	"amount" bigint NOT NULL,
	"balance_after" bigint NOT NULL,
	"biz_type" text NOT NULL,
	"biz_key" text NOT NULL,
	"remark" text DEFAULT '' NOT NULL,
	"created_by" bigint,
	"created_by_name" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ledger_entries_kind_check" CHECK ("kind" IN ('recharge', 'purchase', 'consumption', 'refund', 'transfer', 'adjustment'))
);
--> statement-breakpoint
CREATE UNIQUE INDEX "ledger_entries_kind_biz_idx" ON "ledger_entries" ("kind", "biz_type", "biz_key");
--> statement-breakpoint
CREATE INDEX "ledger_entries_tenant_created_idx" ON "ledger_entries" ("tenant_id", "created_at" DESC, "id" DESC);
--> statement-breakpoint
CREATE TABLE "packet_products" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"type" text NOT NULL,
	"line_id" bigint NOT NULL REFERENCES "lines"("id"),
	"name" text NOT NULL,
	"minutes" integer NOT NULL,
	"price" bigint NOT NULL,
	"validity_days" integer NOT NULL,
	"is_enabled" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "packet_products_figures_check" CHECK ("minutes" > 0 AND "price" >= 0 AND "validity_days" > 0)
);
--> statement-breakpoint
CREATE INDEX "packet_products_line_idx" ON "packet_products" ("line_id", "type");
--> statement-breakpoint
ALTER TABLE "packets" ADD COLUMN "product_id" bigint REFERENCES "packet_products"("id");
--> statement-breakpoint
ALTER TABLE "packets" ADD COLUMN "order_id" bigint;
--> statement-breakpoint
ALTER TABLE "packets" ADD COLUMN "order_item" integer;
--> statement-breakpoint
CREATE UNIQUE INDEX "packets_order_item_idx" ON "packets" ("order_id", "order_item");
--> statement-breakpoint
CREATE TABLE "orders" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"tenant_id" bigint NOT NULL REFERENCES "tenants"("id"),
	"order_no" text NOT NULL,
	"kind" text NOT NULL,
	"state" text DEFAULT 'unpaid' NOT NULL,
	"items" jsonb NOT NULL,
	"amount" bigint NOT NULL,
	"refunded_amount" bigint DEFAULT 0 NOT NULL,
	"subject" text NOT NULL,
	"expire_at" timestamp with time zone NOT NULL,
	"paid_at" timestamp with time zone,
	"closed_at" timestamp with time zone,
	"channel" text,
	"channel_trade_no" text,
	"created_by" bigint,
	"created_by_name" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "orders_amount_check" CHECK ("amount" > 0 AND "refunded_amount" >= 0 AND "refunded_amount" <= "amount")
);
--> statement-breakpoint
CREATE UNIQUE INDEX "orders_order_no_idx" ON "orders" ("order_no");
--> statement-breakpoint
CREATE INDEX "orders_tenant_created_idx" ON "orders" ("tenant_id", "created_at" DESC, "id" DESC);
--> statement-breakpoint
CREATE INDEX "orders_unpaid_expire_idx" ON "orders" ("expire_at") WHERE "state" = 'unpaid';
--> statement-breakpoint
CREATE TABLE "payments" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"tenant_id" bigint NOT NULL REFERENCES "tenants"("id"),
	"order_id" bigint NOT NULL REFERENCES "orders"("id"),
	"out_trade_no" text NOT NULL,
	"channel" text NOT NULL,
	"amount" bigint NOT NULL,
	"state" text DEFAULT 'waiting' NOT NULL,
	"code_url" text DEFAULT '' NOT NULL,
	"channel_trade_no" text,
	"raw_notification" text,
	"note" text DEFAULT '' NOT NULL,
	"paid_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "payments_out_trade_no_idx" ON "payments" ("out_trade_no");
--> statement-breakpoint
CREATE INDEX "payments_order_idx" ON "payments" ("order_id");
--> statement-breakpoint
CREATE TABLE "pay_notifications" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"channel" text NOT NULL,
	"out_trade_no" text,
	"is_verified" boolean NOT NULL,
	"outcome" text NOT NULL,
	"raw" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "pay_notifications_trade_idx" ON "pay_notifications" ("out_trade_no");
--> statement-breakpoint
SELECT enable_tenant_isolation(t) FROM unnest(ARRAY['accounts', 'ledger_entries', 'orders', 'payments']) AS t;
--> statement-breakpoint
DO $$
BEGIN
  IF EXISTS (SELECT 1 FROM pg_roles WHERE rolname = 'yunhu_app') THEN
    GRANT SELECT, INSERT, UPDATE, DELETE ON accounts, ledger_entries, packet_products, orders, payments, pay_notifications TO yunhu_app;
    GRANT USAGE, SELECT ON ALL SEQUENCES IN SCHEMA public TO yunhu_app;
  END IF;
END $$;
