-- 原路退回 per order (issue 15, docs/decisions/0017-commerce.md): each order's part of an approved
-- refund application, with the refund number the channel knows it by and its state
-- (pending → processing → success | failed). A part of an order paid from the balance is a
-- `balance` row, success at once.
CREATE TABLE "channel_refunds" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"tenant_id" bigint NOT NULL REFERENCES "tenants"("id"),
	"application_id" bigint NOT NULL REFERENCES "refund_applications"("id"),
	"refund_no" text NOT NULL,
	"order_id" bigint NOT NULL REFERENCES "orders"("id"),
	"order_no" text NOT NULL,
	"channel" text NOT NULL,
	"out_trade_no" text,
	"total" bigint DEFAULT 0 NOT NULL,
	"amount" bigint NOT NULL,
	"state" text DEFAULT 'pending' NOT NULL,
	"reason" text DEFAULT '' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"channel_refund_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	CONSTRAINT "channel_refunds_amount_check" CHECK ("amount" > 0),
	CONSTRAINT "channel_refunds_state_check" CHECK ("state" IN ('pending', 'processing', 'success', 'failed'))
);
--> statement-breakpoint
CREATE UNIQUE INDEX "channel_refunds_refund_no_idx" ON "channel_refunds" ("refund_no");
--> statement-breakpoint
CREATE INDEX "channel_refunds_application_idx" ON "channel_refunds" ("application_id");
--> statement-breakpoint
-- An order's shares (订单详情's 退款记录), and the key to orders without a scan of every share.
CREATE INDEX "channel_refunds_order_idx" ON "channel_refunds" ("order_id");
--> statement-breakpoint
-- The job's question: the refunds not finished yet.
CREATE INDEX "channel_refunds_open_idx" ON "channel_refunds" ("updated_at") WHERE "state" IN ('pending', 'processing');
--> statement-breakpoint
SELECT enable_tenant_isolation('channel_refunds');
--> statement-breakpoint
-- The sandbox channel's own books (development): its trades survive a server restart. Not a
-- tenant table: it plays the channel, which knows trade numbers only.
CREATE TABLE "sandbox_trades" (
	"out_trade_no" text PRIMARY KEY NOT NULL,
	"amount" bigint NOT NULL,
	"subject" text NOT NULL,
	"expire_at" timestamp with time zone NOT NULL,
	"state" text DEFAULT 'waiting' NOT NULL,
	"channel_trade_no" text,
	"paid_at" timestamp with time zone,
	"refunds" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
DO $$
BEGIN
  IF EXISTS (SELECT 1 FROM pg_roles WHERE rolname = 'yunhu_app') THEN
    GRANT SELECT, INSERT, UPDATE, DELETE ON channel_refunds, sandbox_trades TO yunhu_app;
    GRANT USAGE, SELECT ON ALL SEQUENCES IN SCHEMA public TO yunhu_app;
  END IF;
END $$;
