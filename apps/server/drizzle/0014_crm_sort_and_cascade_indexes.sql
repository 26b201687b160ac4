DROP INDEX "crm_change_logs_customer_idx";--> statement-breakpoint
DROP INDEX "crm_comments_customer_idx";--> statement-breakpoint
DROP INDEX "crm_follow_customer_idx";--> statement-breakpoint
DROP INDEX "crm_owner_logs_customer_idx";--> statement-breakpoint
DROP INDEX "crm_visits_customer_idx";--> statement-breakpoint
CREATE INDEX "customers_private_follow_idx" ON "customers" USING btree ("tenant_id","last_follow_at" DESC NULLS LAST,"id" DESC NULLS FIRST) WHERE owner_id IS NOT NULL AND deleted_at IS NULL;--> statement-breakpoint
CREATE INDEX "customers_private_next_idx" ON "customers" USING btree ("tenant_id","next_follow_at" DESC NULLS LAST,"id" DESC NULLS FIRST) WHERE owner_id IS NOT NULL AND deleted_at IS NULL;--> statement-breakpoint
CREATE INDEX "crm_change_logs_customer_idx" ON "crm_change_logs" USING btree ("customer_id","created_at");--> statement-breakpoint
CREATE INDEX "crm_comments_customer_idx" ON "crm_comments" USING btree ("customer_id","created_at");--> statement-breakpoint
CREATE INDEX "crm_follow_customer_idx" ON "crm_follow_records" USING btree ("customer_id","created_at");--> statement-breakpoint
CREATE INDEX "crm_owner_logs_customer_idx" ON "crm_owner_logs" USING btree ("customer_id","created_at");--> statement-breakpoint
CREATE INDEX "crm_visits_customer_idx" ON "crm_return_visits" USING btree ("customer_id","visit_at");