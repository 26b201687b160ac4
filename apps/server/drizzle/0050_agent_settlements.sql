-- 代理商结算 (issue 18, docs/decisions/0020-resellers.md "Settlement and closing"): the platform pays an
-- agent what its margins left in its account. Each settlement is a row here and one `settlement`
-- movement (−) in the agent's ledger keyed by its number, never more than the balance (book refuses).
-- Not a tenant table: the platform writes it and the agent reads its own, by agent_id.
CREATE TABLE "agent_settlements" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"settlement_no" text NOT NULL,
	"agent_id" bigint NOT NULL REFERENCES "tenants"("id"),
	"amount" bigint NOT NULL,
	"payment_ref" text NOT NULL,
	"remark" text DEFAULT '' NOT NULL,
	"request_key" text NOT NULL,
	"created_by" bigint,
	"created_by_name" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "agent_settlements_amount_check" CHECK ("amount" > 0)
);
--> statement-breakpoint
CREATE UNIQUE INDEX "agent_settlements_no_idx" ON "agent_settlements" ("settlement_no");
--> statement-breakpoint
-- One settlement per drawer: a double click or a retry with the same key finds the first.
CREATE UNIQUE INDEX "agent_settlements_request_idx" ON "agent_settlements" ("agent_id", "request_key");
--> statement-breakpoint
CREATE INDEX "agent_settlements_agent_created_idx" ON "agent_settlements" ("agent_id", "created_at", "id");
--> statement-breakpoint
-- A settlement paid to an agent (−): the 0046 check constraint replaced once more.
ALTER TABLE "ledger_entries" DROP CONSTRAINT "ledger_entries_kind_check";
--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_kind_check" CHECK ("kind" IN ('recharge', 'purchase', 'consumption', 'refund', 'transfer', 'adjustment', 'margin', 'settlement'));
--> statement-breakpoint
DO $$
BEGIN
  IF EXISTS (SELECT 1 FROM pg_roles WHERE rolname = 'yunhu_app') THEN
    GRANT SELECT, INSERT, UPDATE, DELETE ON agent_settlements TO yunhu_app;
    GRANT USAGE, SELECT ON ALL SEQUENCES IN SCHEMA public TO yunhu_app;
  END IF;
END $$;
