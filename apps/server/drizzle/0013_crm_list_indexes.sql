DROP INDEX "customers_tenant_owner_idx";--> statement-breakpoint
CREATE INDEX "customers_private_created_idx" ON "customers" USING btree ("tenant_id","created_at") WHERE owner_id IS NOT NULL AND deleted_at IS NULL;--> statement-breakpoint
CREATE INDEX "customers_pool_created_idx" ON "customers" USING btree ("tenant_id","created_at") WHERE owner_id IS NULL AND deleted_at IS NULL;--> statement-breakpoint
CREATE INDEX "customers_tenant_owner_idx" ON "customers" USING btree ("tenant_id","owner_id","created_at") WHERE deleted_at IS NULL;