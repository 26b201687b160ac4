-- Keys for distribution by tenant (docs/decisions/0105-past-one-machine.md): every primary key and
-- unique index of a tenant table holds tenant_id, after the key's own columns so a look-up by the key
-- alone (an id, a token, a carrier's call id) keeps its index; ids stay global serials. Each foreign key
-- between two tenant tables names the tenant on both sides, so a row can only point at its own
-- enterprise's rows; SET NULL clears only the reference, never tenant_id.
-- This part: the enterprise's people and roles (every key into users, departments and roles),
-- sessions, settings, documents and logs. Platform tables that hold a user id (notices, notice_reads,
-- wechat_tickets, agent_distributors) lose their key into users: they hold no column naming the
-- user's enterprise, and users are never deleted for good, so the key's cascade never ran. Sign-in
-- names, mobiles and WeChat ids stay unique across the platform: sign-in finds the person by them alone.
ALTER TABLE "sessions" DROP CONSTRAINT "sessions_user_id_users_id_fk";
--> statement-breakpoint
ALTER TABLE "wechat_tickets" DROP CONSTRAINT "wechat_tickets_user_id_users_id_fk";
--> statement-breakpoint
ALTER TABLE "user_roles" DROP CONSTRAINT "user_roles_user_id_users_id_fk";
--> statement-breakpoint
ALTER TABLE "user_roles" DROP CONSTRAINT "user_roles_role_id_roles_id_fk";
--> statement-breakpoint
ALTER TABLE "users" DROP CONSTRAINT "users_dept_id_departments_id_fk";
--> statement-breakpoint
ALTER TABLE "notice_reads" DROP CONSTRAINT "notice_reads_user_id_users_id_fk";
--> statement-breakpoint
ALTER TABLE "call_records" DROP CONSTRAINT "call_records_user_id_users_id_fk";
--> statement-breakpoint
ALTER TABLE "call_records" DROP CONSTRAINT "call_records_dept_id_departments_id_fk";
--> statement-breakpoint
ALTER TABLE "customers" DROP CONSTRAINT "customers_owner_id_users_id_fk";
--> statement-breakpoint
ALTER TABLE "customers" DROP CONSTRAINT "customers_dept_id_departments_id_fk";
--> statement-breakpoint
ALTER TABLE "seats" DROP CONSTRAINT "seats_user_id_users_id_fk";
--> statement-breakpoint
ALTER TABLE "role_depts" DROP CONSTRAINT "role_depts_role_id_roles_id_fk";
--> statement-breakpoint
ALTER TABLE "role_depts" DROP CONSTRAINT "role_depts_dept_id_departments_id_fk";
--> statement-breakpoint
ALTER TABLE "crm_comments" DROP CONSTRAINT "crm_comments_user_id_users_id_fk";
--> statement-breakpoint
ALTER TABLE "crm_follow_records" DROP CONSTRAINT "crm_follow_records_user_id_users_id_fk";
--> statement-breakpoint
ALTER TABLE "crm_return_visits" DROP CONSTRAINT "crm_return_visits_user_id_users_id_fk";
--> statement-breakpoint
ALTER TABLE "crm_user_configs" DROP CONSTRAINT "crm_user_configs_user_id_users_id_fk";
--> statement-breakpoint
ALTER TABLE "notices" DROP CONSTRAINT "notices_user_id_users_id_fk";
--> statement-breakpoint
ALTER TABLE "sip_accounts" DROP CONSTRAINT "sip_accounts_user_id_users_id_fk";
--> statement-breakpoint
ALTER TABLE "cmcc_work_numbers" DROP CONSTRAINT "cmcc_work_numbers_user_id_users_id_fk";
--> statement-breakpoint
ALTER TABLE "tenant_numbers" DROP CONSTRAINT "tenant_numbers_user_id_users_id_fk";
--> statement-breakpoint
ALTER TABLE "calling_settings" DROP CONSTRAINT "calling_settings_user_id_users_id_fk";
--> statement-breakpoint
ALTER TABLE "call_binds" DROP CONSTRAINT "call_binds_user_id_users_id_fk";
--> statement-breakpoint
ALTER TABLE "call_binds" DROP CONSTRAINT "call_binds_dept_id_departments_id_fk";
--> statement-breakpoint
ALTER TABLE "call_task_items" DROP CONSTRAINT "call_task_items_user_id_users_id_fk";
--> statement-breakpoint
ALTER TABLE "call_task_items" DROP CONSTRAINT "call_task_items_dept_id_departments_id_fk";
--> statement-breakpoint
ALTER TABLE "call_tasks" DROP CONSTRAINT "call_tasks_created_by_users_id_fk";
--> statement-breakpoint
ALTER TABLE "call_tasks" DROP CONSTRAINT "call_tasks_dept_id_departments_id_fk";
--> statement-breakpoint
ALTER TABLE "call_records" DROP CONSTRAINT "call_records_peer_user_id_users_id_fk";
--> statement-breakpoint
ALTER TABLE "sip_calls" DROP CONSTRAINT "sip_calls_user_id_users_id_fk";
--> statement-breakpoint
ALTER TABLE "sip_registrations" DROP CONSTRAINT "sip_registrations_user_id_users_id_fk";
--> statement-breakpoint
ALTER TABLE "packet_users" DROP CONSTRAINT "packet_users_user_id_fkey";
--> statement-breakpoint
ALTER TABLE "agent_distributors" DROP CONSTRAINT "agent_distributors_user_id_fkey";
--> statement-breakpoint
ALTER TABLE "call_intercepts" DROP CONSTRAINT "call_intercepts_user_id_fkey";
--> statement-breakpoint
ALTER TABLE "call_intercepts" DROP CONSTRAINT "call_intercepts_dept_id_fkey";
--> statement-breakpoint
ALTER TABLE "caller_report_materials" DROP CONSTRAINT "caller_report_materials_submitted_by_fkey";
--> statement-breakpoint
ALTER TABLE "caller_reports" DROP CONSTRAINT "caller_reports_created_by_fkey";
--> statement-breakpoint
ALTER TABLE "customer_call_claims" DROP CONSTRAINT "customer_call_claims_user_id_fkey";
--> statement-breakpoint
ALTER TABLE "resource_items" DROP CONSTRAINT "resource_items_folder_id_fkey";
--> statement-breakpoint
ALTER TABLE "resource_items" DROP CONSTRAINT "resource_items_owner_id_fkey";
--> statement-breakpoint
ALTER TABLE "clue_unlocks" DROP CONSTRAINT "clue_unlocks_user_id_fkey";
--> statement-breakpoint
ALTER TABLE "clue_quota_ledger" DROP CONSTRAINT "clue_quota_ledger_user_id_fkey";
--> statement-breakpoint
ALTER TABLE "webhook_endpoints" DROP CONSTRAINT "webhook_endpoints_created_by_fkey";
--> statement-breakpoint
ALTER TABLE "webhook_deliveries" DROP CONSTRAINT "webhook_deliveries_endpoint_id_fkey";
--> statement-breakpoint
ALTER TABLE "webhook_attempts" DROP CONSTRAINT "webhook_attempts_delivery_id_fkey";
--> statement-breakpoint
ALTER TABLE "api_keys" DROP CONSTRAINT "api_keys_created_by_fkey";
--> statement-breakpoint
ALTER TABLE "feedbacks" DROP CONSTRAINT "feedbacks_user_id_fkey";
--> statement-breakpoint
ALTER TABLE "feedback_messages" DROP CONSTRAINT "feedback_messages_feedback_id_fkey";
--> statement-breakpoint
ALTER TABLE "market_requests" DROP CONSTRAINT "market_requests_user_id_fkey";
--> statement-breakpoint
ALTER TABLE "call_tasks" DROP CONSTRAINT "call_tasks_script_id_fkey";
--> statement-breakpoint
ALTER TABLE "line_scripts" DROP CONSTRAINT "line_scripts_script_id_fkey";
--> statement-breakpoint
ALTER TABLE "api_keys" DROP CONSTRAINT "api_keys_pkey", ADD CONSTRAINT "api_keys_pkey" PRIMARY KEY ("id", "tenant_id");
--> statement-breakpoint
DROP INDEX "api_keys_hash_idx";
--> statement-breakpoint
CREATE UNIQUE INDEX api_keys_hash_idx ON api_keys (key_hash, tenant_id);
--> statement-breakpoint
ALTER TABLE "blacklist_intercepts" DROP CONSTRAINT "blacklist_intercepts_pkey", ADD CONSTRAINT "blacklist_intercepts_pkey" PRIMARY KEY ("id", "tenant_id");
--> statement-breakpoint
ALTER TABLE "caller_report_materials" DROP CONSTRAINT "caller_report_materials_pkey", ADD CONSTRAINT "caller_report_materials_pkey" PRIMARY KEY ("id", "tenant_id");
--> statement-breakpoint
ALTER TABLE "caller_reports" DROP CONSTRAINT "caller_reports_pkey", ADD CONSTRAINT "caller_reports_pkey" PRIMARY KEY ("id", "tenant_id");
--> statement-breakpoint
ALTER TABLE "company_blacklist" DROP CONSTRAINT "company_blacklist_pkey", ADD CONSTRAINT "company_blacklist_pkey" PRIMARY KEY ("id", "tenant_id");
--> statement-breakpoint
ALTER TABLE "departments" DROP CONSTRAINT "departments_pkey", ADD CONSTRAINT "departments_pkey" PRIMARY KEY ("id", "tenant_id");
--> statement-breakpoint
ALTER TABLE "enterprise_certifications" DROP CONSTRAINT "enterprise_certifications_pkey", ADD CONSTRAINT "enterprise_certifications_pkey" PRIMARY KEY ("id", "tenant_id");
--> statement-breakpoint
ALTER TABLE "enterprise_contracts" DROP CONSTRAINT "enterprise_contracts_pkey", ADD CONSTRAINT "enterprise_contracts_pkey" PRIMARY KEY ("id", "tenant_id");
--> statement-breakpoint
ALTER TABLE "enterprise_contracts" DROP CONSTRAINT "enterprise_contracts_contract_no_unique", ADD CONSTRAINT "enterprise_contracts_contract_no_unique" UNIQUE ("contract_no", "tenant_id");
--> statement-breakpoint
ALTER TABLE "feedback_messages" DROP CONSTRAINT "feedback_messages_pkey", ADD CONSTRAINT "feedback_messages_pkey" PRIMARY KEY ("id", "tenant_id");
--> statement-breakpoint
ALTER TABLE "feedbacks" DROP CONSTRAINT "feedbacks_pkey", ADD CONSTRAINT "feedbacks_pkey" PRIMARY KEY ("id", "tenant_id");
--> statement-breakpoint
ALTER TABLE "market_requests" DROP CONSTRAINT "market_requests_pkey", ADD CONSTRAINT "market_requests_pkey" PRIMARY KEY ("id", "tenant_id");
--> statement-breakpoint
ALTER TABLE "number_blacklist" DROP CONSTRAINT "number_blacklist_pkey", ADD CONSTRAINT "number_blacklist_pkey" PRIMARY KEY ("id", "tenant_id");
--> statement-breakpoint
ALTER TABLE "number_check_runs" DROP CONSTRAINT "number_check_runs_pkey", ADD CONSTRAINT "number_check_runs_pkey" PRIMARY KEY ("id", "tenant_id");
--> statement-breakpoint
ALTER TABLE "operation_logs" DROP CONSTRAINT "operation_logs_pkey", ADD CONSTRAINT "operation_logs_pkey" PRIMARY KEY ("id", "tenant_id");
--> statement-breakpoint
ALTER TABLE "resource_folders" DROP CONSTRAINT "resource_folders_pkey", ADD CONSTRAINT "resource_folders_pkey" PRIMARY KEY ("id", "tenant_id");
--> statement-breakpoint
ALTER TABLE "resource_items" DROP CONSTRAINT "resource_items_pkey", ADD CONSTRAINT "resource_items_pkey" PRIMARY KEY ("id", "tenant_id");
--> statement-breakpoint
ALTER TABLE "role_depts" DROP CONSTRAINT "role_depts_role_id_dept_id_pk", ADD CONSTRAINT "role_depts_role_id_dept_id_pk" PRIMARY KEY ("role_id", "dept_id", "tenant_id");
--> statement-breakpoint
ALTER TABLE "roles" DROP CONSTRAINT "roles_pkey", ADD CONSTRAINT "roles_pkey" PRIMARY KEY ("id", "tenant_id");
--> statement-breakpoint
ALTER TABLE "sessions" DROP CONSTRAINT "sessions_pkey", ADD CONSTRAINT "sessions_pkey" PRIMARY KEY ("token_hash", "tenant_id");
--> statement-breakpoint
ALTER TABLE "uploads" DROP CONSTRAINT "uploads_pkey", ADD CONSTRAINT "uploads_pkey" PRIMARY KEY ("id", "tenant_id");
--> statement-breakpoint
ALTER TABLE "uploads" DROP CONSTRAINT "uploads_key_unique", ADD CONSTRAINT "uploads_key_unique" UNIQUE ("key", "tenant_id");
--> statement-breakpoint
ALTER TABLE "user_roles" DROP CONSTRAINT "user_roles_user_id_role_id_pk", ADD CONSTRAINT "user_roles_user_id_role_id_pk" PRIMARY KEY ("user_id", "role_id", "tenant_id");
--> statement-breakpoint
ALTER TABLE "users" DROP CONSTRAINT "users_pkey", ADD CONSTRAINT "users_pkey" PRIMARY KEY ("id", "tenant_id");
--> statement-breakpoint
ALTER TABLE "webhook_attempts" DROP CONSTRAINT "webhook_attempts_pkey", ADD CONSTRAINT "webhook_attempts_pkey" PRIMARY KEY ("id", "tenant_id");
--> statement-breakpoint
ALTER TABLE "webhook_deliveries" DROP CONSTRAINT "webhook_deliveries_pkey", ADD CONSTRAINT "webhook_deliveries_pkey" PRIMARY KEY ("id", "tenant_id");
--> statement-breakpoint
DROP INDEX "webhook_deliveries_message_idx";
--> statement-breakpoint
CREATE UNIQUE INDEX webhook_deliveries_message_idx ON webhook_deliveries (endpoint_id, message_id, tenant_id);
--> statement-breakpoint
ALTER TABLE "webhook_endpoints" DROP CONSTRAINT "webhook_endpoints_pkey", ADD CONSTRAINT "webhook_endpoints_pkey" PRIMARY KEY ("id", "tenant_id");
--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_user_id_users_id_fk" FOREIGN KEY ("tenant_id", "user_id") REFERENCES "users"("tenant_id", "id") ON DELETE CASCADE;
--> statement-breakpoint
ALTER TABLE "user_roles" ADD CONSTRAINT "user_roles_user_id_users_id_fk" FOREIGN KEY ("tenant_id", "user_id") REFERENCES "users"("tenant_id", "id") ON DELETE CASCADE;
--> statement-breakpoint
ALTER TABLE "user_roles" ADD CONSTRAINT "user_roles_role_id_roles_id_fk" FOREIGN KEY ("tenant_id", "role_id") REFERENCES "roles"("tenant_id", "id") ON DELETE CASCADE;
--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_dept_id_departments_id_fk" FOREIGN KEY ("tenant_id", "dept_id") REFERENCES "departments"("tenant_id", "id");
--> statement-breakpoint
ALTER TABLE "call_records" ADD CONSTRAINT "call_records_user_id_users_id_fk" FOREIGN KEY ("tenant_id", "user_id") REFERENCES "users"("tenant_id", "id");
--> statement-breakpoint
ALTER TABLE "call_records" ADD CONSTRAINT "call_records_dept_id_departments_id_fk" FOREIGN KEY ("tenant_id", "dept_id") REFERENCES "departments"("tenant_id", "id");
--> statement-breakpoint
ALTER TABLE "customers" ADD CONSTRAINT "customers_owner_id_users_id_fk" FOREIGN KEY ("tenant_id", "owner_id") REFERENCES "users"("tenant_id", "id");
--> statement-breakpoint
ALTER TABLE "customers" ADD CONSTRAINT "customers_dept_id_departments_id_fk" FOREIGN KEY ("tenant_id", "dept_id") REFERENCES "departments"("tenant_id", "id");
--> statement-breakpoint
ALTER TABLE "seats" ADD CONSTRAINT "seats_user_id_users_id_fk" FOREIGN KEY ("tenant_id", "user_id") REFERENCES "users"("tenant_id", "id");
--> statement-breakpoint
ALTER TABLE "role_depts" ADD CONSTRAINT "role_depts_role_id_roles_id_fk" FOREIGN KEY ("tenant_id", "role_id") REFERENCES "roles"("tenant_id", "id") ON DELETE CASCADE;
--> statement-breakpoint
ALTER TABLE "role_depts" ADD CONSTRAINT "role_depts_dept_id_departments_id_fk" FOREIGN KEY ("tenant_id", "dept_id") REFERENCES "departments"("tenant_id", "id");
--> statement-breakpoint
ALTER TABLE "crm_comments" ADD CONSTRAINT "crm_comments_user_id_users_id_fk" FOREIGN KEY ("tenant_id", "user_id") REFERENCES "users"("tenant_id", "id");
--> statement-breakpoint
ALTER TABLE "crm_follow_records" ADD CONSTRAINT "crm_follow_records_user_id_users_id_fk" FOREIGN KEY ("tenant_id", "user_id") REFERENCES "users"("tenant_id", "id");
--> statement-breakpoint
ALTER TABLE "crm_return_visits" ADD CONSTRAINT "crm_return_visits_user_id_users_id_fk" FOREIGN KEY ("tenant_id", "user_id") REFERENCES "users"("tenant_id", "id");
--> statement-breakpoint
ALTER TABLE "crm_user_configs" ADD CONSTRAINT "crm_user_configs_user_id_users_id_fk" FOREIGN KEY ("tenant_id", "user_id") REFERENCES "users"("tenant_id", "id") ON DELETE CASCADE;
--> statement-breakpoint
ALTER TABLE "sip_accounts" ADD CONSTRAINT "sip_accounts_user_id_users_id_fk" FOREIGN KEY ("tenant_id", "user_id") REFERENCES "users"("tenant_id", "id");
--> statement-breakpoint
ALTER TABLE "cmcc_work_numbers" ADD CONSTRAINT "cmcc_work_numbers_user_id_users_id_fk" FOREIGN KEY ("tenant_id", "user_id") REFERENCES "users"("tenant_id", "id");
--> statement-breakpoint
ALTER TABLE "tenant_numbers" ADD CONSTRAINT "tenant_numbers_user_id_users_id_fk" FOREIGN KEY ("tenant_id", "user_id") REFERENCES "users"("tenant_id", "id");
--> statement-breakpoint
ALTER TABLE "calling_settings" ADD CONSTRAINT "calling_settings_user_id_users_id_fk" FOREIGN KEY ("tenant_id", "user_id") REFERENCES "users"("tenant_id", "id");
--> statement-breakpoint
ALTER TABLE "call_binds" ADD CONSTRAINT "call_binds_user_id_users_id_fk" FOREIGN KEY ("tenant_id", "user_id") REFERENCES "users"("tenant_id", "id");
--> statement-breakpoint
ALTER TABLE "call_binds" ADD CONSTRAINT "call_binds_dept_id_departments_id_fk" FOREIGN KEY ("tenant_id", "dept_id") REFERENCES "departments"("tenant_id", "id");
--> statement-breakpoint
ALTER TABLE "call_task_items" ADD CONSTRAINT "call_task_items_user_id_users_id_fk" FOREIGN KEY ("tenant_id", "user_id") REFERENCES "users"("tenant_id", "id");
--> statement-breakpoint
ALTER TABLE "call_task_items" ADD CONSTRAINT "call_task_items_dept_id_departments_id_fk" FOREIGN KEY ("tenant_id", "dept_id") REFERENCES "departments"("tenant_id", "id");
--> statement-breakpoint
ALTER TABLE "call_tasks" ADD CONSTRAINT "call_tasks_created_by_users_id_fk" FOREIGN KEY ("tenant_id", "created_by") REFERENCES "users"("tenant_id", "id");
--> statement-breakpoint
ALTER TABLE "call_tasks" ADD CONSTRAINT "call_tasks_dept_id_departments_id_fk" FOREIGN KEY ("tenant_id", "dept_id") REFERENCES "departments"("tenant_id", "id");
--> statement-breakpoint
ALTER TABLE "call_records" ADD CONSTRAINT "call_records_peer_user_id_users_id_fk" FOREIGN KEY ("tenant_id", "peer_user_id") REFERENCES "users"("tenant_id", "id");
--> statement-breakpoint
ALTER TABLE "sip_calls" ADD CONSTRAINT "sip_calls_user_id_users_id_fk" FOREIGN KEY ("tenant_id", "user_id") REFERENCES "users"("tenant_id", "id");
--> statement-breakpoint
ALTER TABLE "sip_registrations" ADD CONSTRAINT "sip_registrations_user_id_users_id_fk" FOREIGN KEY ("tenant_id", "user_id") REFERENCES "users"("tenant_id", "id");
--> statement-breakpoint
ALTER TABLE "packet_users" ADD CONSTRAINT "packet_users_user_id_fkey" FOREIGN KEY ("tenant_id", "user_id") REFERENCES "users"("tenant_id", "id");
--> statement-breakpoint
ALTER TABLE "call_intercepts" ADD CONSTRAINT "call_intercepts_user_id_fkey" FOREIGN KEY ("tenant_id", "user_id") REFERENCES "users"("tenant_id", "id");
--> statement-breakpoint
ALTER TABLE "call_intercepts" ADD CONSTRAINT "call_intercepts_dept_id_fkey" FOREIGN KEY ("tenant_id", "dept_id") REFERENCES "departments"("tenant_id", "id");
--> statement-breakpoint
ALTER TABLE "caller_report_materials" ADD CONSTRAINT "caller_report_materials_submitted_by_fkey" FOREIGN KEY ("tenant_id", "submitted_by") REFERENCES "users"("tenant_id", "id");
--> statement-breakpoint
ALTER TABLE "caller_reports" ADD CONSTRAINT "caller_reports_created_by_fkey" FOREIGN KEY ("tenant_id", "created_by") REFERENCES "users"("tenant_id", "id");
--> statement-breakpoint
ALTER TABLE "customer_call_claims" ADD CONSTRAINT "customer_call_claims_user_id_fkey" FOREIGN KEY ("tenant_id", "user_id") REFERENCES "users"("tenant_id", "id");
--> statement-breakpoint
ALTER TABLE "resource_items" ADD CONSTRAINT "resource_items_folder_id_fkey" FOREIGN KEY ("tenant_id", "folder_id") REFERENCES "resource_folders"("tenant_id", "id");
--> statement-breakpoint
ALTER TABLE "resource_items" ADD CONSTRAINT "resource_items_owner_id_fkey" FOREIGN KEY ("tenant_id", "owner_id") REFERENCES "users"("tenant_id", "id");
--> statement-breakpoint
ALTER TABLE "clue_unlocks" ADD CONSTRAINT "clue_unlocks_user_id_fkey" FOREIGN KEY ("tenant_id", "user_id") REFERENCES "users"("tenant_id", "id");
--> statement-breakpoint
ALTER TABLE "clue_quota_ledger" ADD CONSTRAINT "clue_quota_ledger_user_id_fkey" FOREIGN KEY ("tenant_id", "user_id") REFERENCES "users"("tenant_id", "id");
--> statement-breakpoint
ALTER TABLE "webhook_endpoints" ADD CONSTRAINT "webhook_endpoints_created_by_fkey" FOREIGN KEY ("tenant_id", "created_by") REFERENCES "users"("tenant_id", "id");
--> statement-breakpoint
ALTER TABLE "webhook_deliveries" ADD CONSTRAINT "webhook_deliveries_endpoint_id_fkey" FOREIGN KEY ("tenant_id", "endpoint_id") REFERENCES "webhook_endpoints"("tenant_id", "id") ON DELETE CASCADE;
--> statement-breakpoint
ALTER TABLE "webhook_attempts" ADD CONSTRAINT "webhook_attempts_delivery_id_fkey" FOREIGN KEY ("tenant_id", "delivery_id") REFERENCES "webhook_deliveries"("tenant_id", "id") ON DELETE CASCADE;
--> statement-breakpoint
ALTER TABLE "api_keys" ADD CONSTRAINT "api_keys_created_by_fkey" FOREIGN KEY ("tenant_id", "created_by") REFERENCES "users"("tenant_id", "id");
--> statement-breakpoint
ALTER TABLE "feedbacks" ADD CONSTRAINT "feedbacks_user_id_fkey" FOREIGN KEY ("tenant_id", "user_id") REFERENCES "users"("tenant_id", "id");
--> statement-breakpoint
ALTER TABLE "feedback_messages" ADD CONSTRAINT "feedback_messages_feedback_id_fkey" FOREIGN KEY ("tenant_id", "feedback_id") REFERENCES "feedbacks"("tenant_id", "id") ON DELETE CASCADE;
--> statement-breakpoint
ALTER TABLE "market_requests" ADD CONSTRAINT "market_requests_user_id_fkey" FOREIGN KEY ("tenant_id", "user_id") REFERENCES "users"("tenant_id", "id");
--> statement-breakpoint
ALTER TABLE "call_tasks" ADD CONSTRAINT "call_tasks_script_id_fkey" FOREIGN KEY ("tenant_id", "script_id") REFERENCES "resource_items"("tenant_id", "id") ON DELETE SET NULL ("script_id");
--> statement-breakpoint
ALTER TABLE "line_scripts" ADD CONSTRAINT "line_scripts_script_id_fkey" FOREIGN KEY ("tenant_id", "script_id") REFERENCES "resource_items"("tenant_id", "id") ON DELETE CASCADE;
