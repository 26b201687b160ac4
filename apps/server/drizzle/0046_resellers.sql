-- Resellers, first slice (issue 18, docs/decisions/0020-resellers.md): an agent (代理商) is a tenant
-- of kind 'agent' with an invitation code; an enterprise registered with that code belongs to it
-- (tenants.agent_id). The agent's own prices over the platform's (agent_prices: per package product
-- or per line's seat), and on each order the agent it was sold through and the agent's margin.
ALTER TABLE "tenants" ADD COLUMN "kind" text DEFAULT 'enterprise' NOT NULL;
--> statement-breakpoint
ALTER TABLE "tenants" ADD COLUMN "agent_id" bigint REFERENCES "tenants"("id");
--> statement-breakpoint
ALTER TABLE "tenants" ADD COLUMN "invite_code" text;
--> statement-breakpoint
ALTER TABLE "tenants" ADD CONSTRAINT "tenants_kind_check" CHECK ("kind" IN ('enterprise', 'agent'));
--> statement-breakpoint
CREATE UNIQUE INDEX "tenants_invite_code_idx" ON "tenants" ("invite_code") WHERE "invite_code" IS NOT NULL;
--> statement-breakpoint
-- 我的企业: an agent's enterprises, newest first.
CREATE INDEX "tenants_agent_created_idx" ON "tenants" ("agent_id", "created_at", "id") WHERE "agent_id" IS NOT NULL;
--> statement-breakpoint
-- 代理商 list: the agents by creation.
CREATE INDEX "tenants_kind_created_idx" ON "tenants" ("kind", "created_at", "id");
--> statement-breakpoint
-- Not a tenant table: the buyer's transaction (another tenant) reads it to price an order.
CREATE TABLE "agent_prices" (
	"agent_id" bigint NOT NULL REFERENCES "tenants"("id"),
	"item_kind" text NOT NULL,
	"item_id" bigint NOT NULL,
	"price" bigint NOT NULL,
	"updated_by" bigint,
	"updated_by_name" text DEFAULT '' NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "agent_prices_pk" PRIMARY KEY ("agent_id", "item_kind", "item_id"),
	CONSTRAINT "agent_prices_kind_check" CHECK ("item_kind" IN ('packet', 'seat')),
	CONSTRAINT "agent_prices_price_check" CHECK ("price" > 0)
);
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "agent_id" bigint REFERENCES "tenants"("id");
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "agent_margin" bigint DEFAULT 0 NOT NULL;
--> statement-breakpoint
-- 订单与利润: an agent's enterprises' orders, newest first.
CREATE INDEX "orders_agent_created_idx" ON "orders" ("agent_id", "created_at", "id") WHERE "agent_id" IS NOT NULL;
--> statement-breakpoint
-- An agent's margin on an order (+) and its reversal by the order's refunds (−).
ALTER TABLE "ledger_entries" DROP CONSTRAINT "ledger_entries_kind_check";
--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_kind_check" CHECK ("kind" IN ('recharge', 'purchase', 'consumption', 'refund', 'transfer', 'adjustment', 'margin'));
