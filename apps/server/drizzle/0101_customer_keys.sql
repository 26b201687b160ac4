-- Keys for distribution by tenant (docs/decisions/0105-past-one-machine.md): every primary key and
-- unique index of a tenant table holds tenant_id, after the key's own columns so a look-up by the key
-- alone (an id, a token, a carrier's call id) keeps its index; ids stay global serials. Each foreign key
-- between two tenant tables names the tenant on both sides, so a row can only point at its own
-- enterprise's rows; SET NULL clears only the reference, never tenant_id.
-- This part: customers, their history, imports, settings, clues and task lists.
ALTER TABLE "call_records" DROP CONSTRAINT "call_records_customer_id_customers_id_fk";
--> statement-breakpoint
ALTER TABLE "crm_change_logs" DROP CONSTRAINT "crm_change_logs_customer_id_customers_id_fk";
--> statement-breakpoint
ALTER TABLE "crm_comments" DROP CONSTRAINT "crm_comments_customer_id_customers_id_fk";
--> statement-breakpoint
ALTER TABLE "crm_follow_records" DROP CONSTRAINT "crm_follow_records_customer_id_customers_id_fk";
--> statement-breakpoint
ALTER TABLE "crm_import_rows" DROP CONSTRAINT "crm_import_rows_import_id_crm_imports_id_fk";
--> statement-breakpoint
ALTER TABLE "crm_owner_logs" DROP CONSTRAINT "crm_owner_logs_customer_id_customers_id_fk";
--> statement-breakpoint
ALTER TABLE "crm_return_visits" DROP CONSTRAINT "crm_return_visits_customer_id_customers_id_fk";
--> statement-breakpoint
ALTER TABLE "call_binds" DROP CONSTRAINT "call_binds_customer_id_customers_id_fk";
--> statement-breakpoint
ALTER TABLE "call_task_items" DROP CONSTRAINT "call_task_items_task_id_call_tasks_id_fk";
--> statement-breakpoint
ALTER TABLE "call_task_items" DROP CONSTRAINT "call_task_items_customer_id_customers_id_fk";
--> statement-breakpoint
ALTER TABLE "customer_call_claims" DROP CONSTRAINT "customer_call_claims_customer_id_fkey";
--> statement-breakpoint
ALTER TABLE "customers" DROP CONSTRAINT "customers_import_batch_id_fkey";
--> statement-breakpoint
ALTER TABLE "clue_match_rows" DROP CONSTRAINT "clue_match_rows_import_id_fkey";
--> statement-breakpoint
ALTER TABLE "ec_customer_links" DROP CONSTRAINT "ec_customer_links_customer_id_fkey";
--> statement-breakpoint
ALTER TABLE "call_task_items" DROP CONSTRAINT "call_task_items_pkey", ADD CONSTRAINT "call_task_items_pkey" PRIMARY KEY ("id", "tenant_id");
--> statement-breakpoint
DROP INDEX "call_task_items_task_customer_idx";
--> statement-breakpoint
CREATE UNIQUE INDEX call_task_items_task_customer_idx ON call_task_items (task_id, customer_id, tenant_id);
--> statement-breakpoint
ALTER TABLE "call_tasks" DROP CONSTRAINT "call_tasks_pkey", ADD CONSTRAINT "call_tasks_pkey" PRIMARY KEY ("id", "tenant_id");
--> statement-breakpoint
ALTER TABLE "clue_quota_ledger" DROP CONSTRAINT "clue_quota_ledger_pkey", ADD CONSTRAINT "clue_quota_ledger_pkey" PRIMARY KEY ("id", "tenant_id");
--> statement-breakpoint
ALTER TABLE "clue_unlocks" DROP CONSTRAINT "clue_unlocks_pkey", ADD CONSTRAINT "clue_unlocks_pkey" PRIMARY KEY ("id", "tenant_id");
--> statement-breakpoint
ALTER TABLE "crm_change_logs" DROP CONSTRAINT "crm_change_logs_pkey", ADD CONSTRAINT "crm_change_logs_pkey" PRIMARY KEY ("id", "tenant_id");
--> statement-breakpoint
ALTER TABLE "crm_comments" DROP CONSTRAINT "crm_comments_pkey", ADD CONSTRAINT "crm_comments_pkey" PRIMARY KEY ("id", "tenant_id");
--> statement-breakpoint
ALTER TABLE "crm_custom_fields" DROP CONSTRAINT "crm_custom_fields_pkey", ADD CONSTRAINT "crm_custom_fields_pkey" PRIMARY KEY ("id", "tenant_id");
--> statement-breakpoint
ALTER TABLE "crm_follow_records" DROP CONSTRAINT "crm_follow_records_pkey", ADD CONSTRAINT "crm_follow_records_pkey" PRIMARY KEY ("id", "tenant_id");
--> statement-breakpoint
ALTER TABLE "crm_import_rows" DROP CONSTRAINT "crm_import_rows_import_id_row_no_pk", ADD CONSTRAINT "crm_import_rows_import_id_row_no_pk" PRIMARY KEY ("import_id", "row_no", "tenant_id");
--> statement-breakpoint
ALTER TABLE "crm_imports" DROP CONSTRAINT "crm_imports_pkey", ADD CONSTRAINT "crm_imports_pkey" PRIMARY KEY ("id", "tenant_id");
--> statement-breakpoint
ALTER TABLE "crm_owner_logs" DROP CONSTRAINT "crm_owner_logs_pkey", ADD CONSTRAINT "crm_owner_logs_pkey" PRIMARY KEY ("id", "tenant_id");
--> statement-breakpoint
ALTER TABLE "crm_quick_contents" DROP CONSTRAINT "crm_quick_contents_pkey", ADD CONSTRAINT "crm_quick_contents_pkey" PRIMARY KEY ("id", "tenant_id");
--> statement-breakpoint
ALTER TABLE "crm_return_visits" DROP CONSTRAINT "crm_return_visits_pkey", ADD CONSTRAINT "crm_return_visits_pkey" PRIMARY KEY ("id", "tenant_id");
--> statement-breakpoint
ALTER TABLE "crm_tags" DROP CONSTRAINT "crm_tags_pkey", ADD CONSTRAINT "crm_tags_pkey" PRIMARY KEY ("id", "tenant_id");
--> statement-breakpoint
ALTER TABLE "customer_call_claims" DROP CONSTRAINT "customer_call_claims_pkey", ADD CONSTRAINT "customer_call_claims_pkey" PRIMARY KEY ("customer_id", "tenant_id");
--> statement-breakpoint
ALTER TABLE "customers" DROP CONSTRAINT "customers_pkey", ADD CONSTRAINT "customers_pkey" PRIMARY KEY ("id", "tenant_id");
--> statement-breakpoint
ALTER TABLE "ec_sync_items" DROP CONSTRAINT "ec_sync_items_pkey", ADD CONSTRAINT "ec_sync_items_pkey" PRIMARY KEY ("id", "tenant_id");
--> statement-breakpoint
ALTER TABLE "call_records" ADD CONSTRAINT "call_records_customer_id_customers_id_fk" FOREIGN KEY ("tenant_id", "customer_id") REFERENCES "customers"("tenant_id", "id");
--> statement-breakpoint
ALTER TABLE "crm_change_logs" ADD CONSTRAINT "crm_change_logs_customer_id_customers_id_fk" FOREIGN KEY ("tenant_id", "customer_id") REFERENCES "customers"("tenant_id", "id") ON DELETE CASCADE;
--> statement-breakpoint
ALTER TABLE "crm_comments" ADD CONSTRAINT "crm_comments_customer_id_customers_id_fk" FOREIGN KEY ("tenant_id", "customer_id") REFERENCES "customers"("tenant_id", "id") ON DELETE CASCADE;
--> statement-breakpoint
ALTER TABLE "crm_follow_records" ADD CONSTRAINT "crm_follow_records_customer_id_customers_id_fk" FOREIGN KEY ("tenant_id", "customer_id") REFERENCES "customers"("tenant_id", "id") ON DELETE CASCADE;
--> statement-breakpoint
ALTER TABLE "crm_import_rows" ADD CONSTRAINT "crm_import_rows_import_id_crm_imports_id_fk" FOREIGN KEY ("tenant_id", "import_id") REFERENCES "crm_imports"("tenant_id", "id") ON DELETE CASCADE;
--> statement-breakpoint
ALTER TABLE "crm_owner_logs" ADD CONSTRAINT "crm_owner_logs_customer_id_customers_id_fk" FOREIGN KEY ("tenant_id", "customer_id") REFERENCES "customers"("tenant_id", "id") ON DELETE CASCADE;
--> statement-breakpoint
ALTER TABLE "crm_return_visits" ADD CONSTRAINT "crm_return_visits_customer_id_customers_id_fk" FOREIGN KEY ("tenant_id", "customer_id") REFERENCES "customers"("tenant_id", "id") ON DELETE CASCADE;
--> statement-breakpoint
ALTER TABLE "call_binds" ADD CONSTRAINT "call_binds_customer_id_customers_id_fk" FOREIGN KEY ("tenant_id", "customer_id") REFERENCES "customers"("tenant_id", "id") ON DELETE SET NULL ("customer_id");
--> statement-breakpoint
ALTER TABLE "call_task_items" ADD CONSTRAINT "call_task_items_task_id_call_tasks_id_fk" FOREIGN KEY ("tenant_id", "task_id") REFERENCES "call_tasks"("tenant_id", "id") ON DELETE CASCADE;
--> statement-breakpoint
ALTER TABLE "call_task_items" ADD CONSTRAINT "call_task_items_customer_id_customers_id_fk" FOREIGN KEY ("tenant_id", "customer_id") REFERENCES "customers"("tenant_id", "id") ON DELETE CASCADE;
--> statement-breakpoint
ALTER TABLE "customer_call_claims" ADD CONSTRAINT "customer_call_claims_customer_id_fkey" FOREIGN KEY ("tenant_id", "customer_id") REFERENCES "customers"("tenant_id", "id") ON DELETE CASCADE;
--> statement-breakpoint
ALTER TABLE "customers" ADD CONSTRAINT "customers_import_batch_id_fkey" FOREIGN KEY ("tenant_id", "import_batch_id") REFERENCES "crm_imports"("tenant_id", "id") ON DELETE SET NULL ("import_batch_id");
--> statement-breakpoint
ALTER TABLE "clue_match_rows" ADD CONSTRAINT "clue_match_rows_import_id_fkey" FOREIGN KEY ("tenant_id", "import_id") REFERENCES "crm_imports"("tenant_id", "id") ON DELETE CASCADE;
--> statement-breakpoint
ALTER TABLE "ec_customer_links" ADD CONSTRAINT "ec_customer_links_customer_id_fkey" FOREIGN KEY ("tenant_id", "customer_id") REFERENCES "customers"("tenant_id", "id") ON DELETE CASCADE;
