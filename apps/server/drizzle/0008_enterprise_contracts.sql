CREATE TABLE "enterprise_contracts" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"tenant_id" bigint NOT NULL,
	"contract_no" text NOT NULL,
	"signed_at" timestamp with time zone NOT NULL,
	"seats" integer NOT NULL,
	"seat_price" integer NOT NULL,
	"start_at" timestamp with time zone NOT NULL,
	"end_at" timestamp with time zone NOT NULL,
	"remark" text DEFAULT '' NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "enterprise_contracts_tenant_id_unique" UNIQUE("tenant_id"),
	CONSTRAINT "enterprise_contracts_contract_no_unique" UNIQUE("contract_no")
);
--> statement-breakpoint
ALTER TABLE "enterprise_contracts" ADD CONSTRAINT "enterprise_contracts_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
-- A contract belongs to its enterprise: the tenant_isolation policy of 0001.
SELECT enable_tenant_isolation('enterprise_contracts');
