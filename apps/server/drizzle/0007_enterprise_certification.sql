CREATE TABLE "enterprise_certifications" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"tenant_id" bigint NOT NULL,
	"type" text NOT NULL,
	"company_name" text DEFAULT '' NOT NULL,
	"credit_code" text DEFAULT '' NOT NULL,
	"legal_person" text DEFAULT '' NOT NULL,
	"license_url" text DEFAULT '' NOT NULL,
	"person_name" text DEFAULT '' NOT NULL,
	"id_card_no" text DEFAULT '' NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"reason" text DEFAULT '' NOT NULL,
	"submitted_by" bigint NOT NULL,
	"submitter" text NOT NULL,
	"examiner" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"examined_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "enterprise_certifications" ADD CONSTRAINT "enterprise_certifications_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "enterprise_certifications_tenant_idx" ON "enterprise_certifications" USING btree ("tenant_id","id");--> statement-breakpoint
CREATE INDEX "enterprise_certifications_status_idx" ON "enterprise_certifications" USING btree ("status","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "enterprise_certifications_pending_idx" ON "enterprise_certifications" USING btree ("tenant_id") WHERE status = 'pending';--> statement-breakpoint
-- Submissions belong to their enterprise: the tenant_isolation policy of 0001.
SELECT enable_tenant_isolation('enterprise_certifications');
