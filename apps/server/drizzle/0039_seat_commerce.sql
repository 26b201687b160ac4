-- Seats bought and renewed with money (issue 15, docs/decisions/0017-commerce.md): the platform's
-- seat price per line, the seats an order created (once per order item and unit), each paid period
-- of a seat (what a cancellation may refund), the request key that makes a renewal order once, and
-- the refund applications (退订 / 坐席退订) the platform examines.
CREATE TABLE "seat_prices" (
	"line_id" bigint PRIMARY KEY NOT NULL REFERENCES "lines"("id"),
	"price_per_month" bigint NOT NULL,
	"updated_by" bigint,
	"updated_by_name" text DEFAULT '' NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "seat_prices_price_check" CHECK ("price_per_month" > 0)
);
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "request_key" text;
--> statement-breakpoint
CREATE UNIQUE INDEX "orders_request_key_idx" ON "orders" ("tenant_id", "request_key") WHERE "request_key" IS NOT NULL;
--> statement-breakpoint
ALTER TABLE "seats" ADD COLUMN "order_id" bigint;
--> statement-breakpoint
ALTER TABLE "seats" ADD COLUMN "order_item" integer;
--> statement-breakpoint
-- The expiry the administrator was last told the balance could not renew (one notice per period).
ALTER TABLE "seats" ADD COLUMN "renewal_notified_for" timestamp with time zone;
--> statement-breakpoint
CREATE UNIQUE INDEX "seats_order_item_idx" ON "seats" ("order_id", "order_item");
--> statement-breakpoint
-- The auto-renewal job's search: seats with auto-renewal by expiry.
CREATE INDEX "seats_auto_renewal_idx" ON "seats" ("expire_at") WHERE "auto_renewal" AND "status" = 'active';
--> statement-breakpoint
CREATE TABLE "seat_terms" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"tenant_id" bigint NOT NULL REFERENCES "tenants"("id"),
	"seat_id" bigint NOT NULL REFERENCES "seats"("id") ON DELETE CASCADE,
	"order_id" bigint NOT NULL,
	"order_no" text NOT NULL,
	"kind" text NOT NULL,
	"months" integer NOT NULL,
	"price_per_month" bigint NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"refunded_months" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "seat_terms_figures_check" CHECK ("months" > 0 AND "price_per_month" >= 0
		AND "refunded_months" BETWEEN 0 AND "months")
);
--> statement-breakpoint
CREATE UNIQUE INDEX "seat_terms_order_seat_idx" ON "seat_terms" ("order_id", "seat_id");
--> statement-breakpoint
CREATE INDEX "seat_terms_seat_idx" ON "seat_terms" ("seat_id", "ends_at");
--> statement-breakpoint
SELECT enable_tenant_isolation('seat_terms');
--> statement-breakpoint
CREATE TABLE "refund_applications" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"tenant_id" bigint NOT NULL REFERENCES "tenants"("id"),
	"apply_no" text NOT NULL,
	"kind" text NOT NULL,
	"seat_id" bigint REFERENCES "seats"("id") ON DELETE SET NULL,
	"subject" text NOT NULL,
	"months" integer DEFAULT 0 NOT NULL,
	"amount" bigint NOT NULL,
	"parts" jsonb NOT NULL,
	"reason" text DEFAULT '' NOT NULL,
	"state" text DEFAULT 'pending' NOT NULL,
	"reject_reason" text DEFAULT '' NOT NULL,
	"channel" text,
	"examined_by_name" text DEFAULT '' NOT NULL,
	"examined_at" timestamp with time zone,
	"created_by" bigint,
	"created_by_name" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "refund_applications_amount_check" CHECK ("amount" > 0)
);
--> statement-breakpoint
CREATE UNIQUE INDEX "refund_applications_apply_no_idx" ON "refund_applications" ("apply_no");
--> statement-breakpoint
-- One application under review per seat.
CREATE UNIQUE INDEX "refund_applications_seat_pending_idx" ON "refund_applications" ("seat_id") WHERE "state" = 'pending';
--> statement-breakpoint
CREATE INDEX "refund_applications_seat_idx" ON "refund_applications" ("seat_id");
--> statement-breakpoint
CREATE INDEX "refund_applications_tenant_created_idx" ON "refund_applications" ("tenant_id", "kind", "created_at" DESC, "id" DESC);
--> statement-breakpoint
CREATE INDEX "refund_applications_state_created_idx" ON "refund_applications" ("state", "created_at" DESC, "id" DESC);
--> statement-breakpoint
SELECT enable_tenant_isolation('refund_applications');
--> statement-breakpoint
DO $$
BEGIN
  IF EXISTS (SELECT 1 FROM pg_roles WHERE rolname = 'yunhu_app') THEN
    GRANT SELECT, INSERT, UPDATE, DELETE ON seat_prices, seat_terms, refund_applications TO yunhu_app;
    GRANT USAGE, SELECT ON ALL SEQUENCES IN SCHEMA public TO yunhu_app;
  END IF;
END $$;
