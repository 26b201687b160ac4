ALTER TABLE "customers" ADD COLUMN "call_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "last_call_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "customers_private_call_idx" ON "customers" USING btree ("tenant_id","last_call_at" DESC NULLS LAST,"id" DESC NULLS FIRST) WHERE owner_id IS NOT NULL AND deleted_at IS NULL;--> statement-breakpoint
-- Customers that already have calls get their figures from the records.
UPDATE "customers" c SET "call_count" = x.n, "last_call_at" = x.last
FROM (SELECT customer_id, count(*)::int AS n, max(start_time) AS last FROM call_records
      WHERE customer_id IS NOT NULL GROUP BY customer_id) x
WHERE c.id = x.customer_id;
