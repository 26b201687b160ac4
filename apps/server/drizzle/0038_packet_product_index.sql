-- Issue 15 (found by db/foreign-keys.test.ts): packets.product_id refers to packet_products, which
-- the platform may delete for good; without an index leading with the column every such delete
-- scans all bought packages (the delete-path rule of issue 13).
CREATE INDEX IF NOT EXISTS "packets_product_idx" ON "packets" ("product_id");
