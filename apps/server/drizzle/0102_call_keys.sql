-- Keys for distribution by tenant (docs/decisions/0105-past-one-machine.md): every primary key and
-- unique index of a tenant table holds tenant_id, after the key's own columns so a look-up by the key
-- alone (an id, a token, a carrier's call id) keeps its index; ids stay global serials. Each foreign key
-- between two tenant tables names the tenant on both sides, so a row can only point at its own
-- enterprise's rows; SET NULL clears only the reference, never tenant_id.
-- This part: calls, their analyses and charges, SIP accounts and registrations, numbers. A carrier's
-- work number stays unique across the platform: one number is one enterprise's.
ALTER TABLE "call_analyses" DROP CONSTRAINT "call_analyses_call_record_id_fkey";
--> statement-breakpoint
ALTER TABLE "call_analyses" DROP CONSTRAINT "call_analyses_pkey", ADD CONSTRAINT "call_analyses_pkey" PRIMARY KEY ("id", "tenant_id");
--> statement-breakpoint
DROP INDEX "call_analyses_call_record_idx";
--> statement-breakpoint
CREATE UNIQUE INDEX call_analyses_call_record_idx ON call_analyses (call_record_id, tenant_id);
--> statement-breakpoint
ALTER TABLE "call_binds" DROP CONSTRAINT "call_binds_pkey", ADD CONSTRAINT "call_binds_pkey" PRIMARY KEY ("id", "tenant_id");
--> statement-breakpoint
DROP INDEX "call_binds_bind_id_idx";
--> statement-breakpoint
CREATE UNIQUE INDEX call_binds_bind_id_idx ON call_binds (bind_id, tenant_id);
--> statement-breakpoint
ALTER TABLE "call_charges" DROP CONSTRAINT "call_charges_pkey", ADD CONSTRAINT "call_charges_pkey" PRIMARY KEY ("record_id", "tenant_id");
--> statement-breakpoint
ALTER TABLE "call_extraction_fields" DROP CONSTRAINT "call_extraction_fields_pkey", ADD CONSTRAINT "call_extraction_fields_pkey" PRIMARY KEY ("id", "tenant_id");
--> statement-breakpoint
ALTER TABLE "call_intercepts" DROP CONSTRAINT "call_intercepts_pkey", ADD CONSTRAINT "call_intercepts_pkey" PRIMARY KEY ("id", "tenant_id");
--> statement-breakpoint
ALTER TABLE "call_quality_rules" DROP CONSTRAINT "call_quality_rules_pkey", ADD CONSTRAINT "call_quality_rules_pkey" PRIMARY KEY ("id", "tenant_id");
--> statement-breakpoint
ALTER TABLE "call_records" DROP CONSTRAINT "call_records_pkey", ADD CONSTRAINT "call_records_pkey" PRIMARY KEY ("id", "tenant_id");
--> statement-breakpoint
DROP INDEX "call_records_carrier_call_idx";
--> statement-breakpoint
CREATE UNIQUE INDEX call_records_carrier_call_idx ON call_records (carrier_call_id, tenant_id);
--> statement-breakpoint
ALTER TABLE "cmcc_work_numbers" DROP CONSTRAINT "cmcc_work_numbers_pkey", ADD CONSTRAINT "cmcc_work_numbers_pkey" PRIMARY KEY ("id", "tenant_id");
--> statement-breakpoint
ALTER TABLE "sip_accounts" DROP CONSTRAINT "sip_accounts_pkey", ADD CONSTRAINT "sip_accounts_pkey" PRIMARY KEY ("id", "tenant_id");
--> statement-breakpoint
DROP INDEX "sip_accounts_sip_user_idx";
--> statement-breakpoint
CREATE UNIQUE INDEX sip_accounts_sip_user_idx ON sip_accounts (sip_user, tenant_id);
--> statement-breakpoint
DROP INDEX "sip_accounts_user_idx";
--> statement-breakpoint
CREATE UNIQUE INDEX sip_accounts_user_idx ON sip_accounts (user_id, tenant_id);
--> statement-breakpoint
ALTER TABLE "sip_calls" DROP CONSTRAINT "sip_calls_pkey", ADD CONSTRAINT "sip_calls_pkey" PRIMARY KEY ("id", "tenant_id");
--> statement-breakpoint
DROP INDEX "sip_calls_call_id_idx";
--> statement-breakpoint
CREATE UNIQUE INDEX sip_calls_call_id_idx ON sip_calls (call_id, tenant_id);
--> statement-breakpoint
ALTER TABLE "sip_registrations" DROP CONSTRAINT "sip_registrations_pkey", ADD CONSTRAINT "sip_registrations_pkey" PRIMARY KEY ("id", "tenant_id");
--> statement-breakpoint
DROP INDEX "sip_registrations_user_idx";
--> statement-breakpoint
CREATE UNIQUE INDEX sip_registrations_user_idx ON sip_registrations (user_id, tenant_id);
--> statement-breakpoint
ALTER TABLE "tenant_numbers" DROP CONSTRAINT "tenant_numbers_pkey", ADD CONSTRAINT "tenant_numbers_pkey" PRIMARY KEY ("id", "tenant_id");
--> statement-breakpoint
ALTER TABLE "call_analyses" ADD CONSTRAINT "call_analyses_call_record_id_fkey" FOREIGN KEY ("tenant_id", "call_record_id") REFERENCES "call_records"("tenant_id", "id") ON DELETE CASCADE;
