-- The import a customer came from (导入批次): set by the customer import's confirm for the customers
-- it creates, null for everyone else; the customer lists filter by it. A batch's row stays when its
-- staged rows are purged, and the column is emptied should a batch ever be deleted.
ALTER TABLE "customers" ADD COLUMN "import_batch_id" uuid REFERENCES "crm_imports"("id") ON DELETE SET NULL;
--> statement-breakpoint
-- Leads with the batch: the lists' filter, and the SET NULL should a batch be deleted.
CREATE INDEX "customers_import_batch_idx" ON "customers" ("import_batch_id") WHERE import_batch_id IS NOT NULL;
--> statement-breakpoint
-- 导入批次's list: a tenant's customer imports, newest first.
CREATE INDEX "crm_imports_tenant_kind_created_idx" ON "crm_imports" ("tenant_id", "kind", "created_at");
