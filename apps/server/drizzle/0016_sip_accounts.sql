CREATE TABLE "sip_accounts" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"tenant_id" bigint NOT NULL,
	"user_id" bigint NOT NULL,
	"sip_user" text NOT NULL,
	"password" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"rotated_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "sip_accounts" ADD CONSTRAINT "sip_accounts_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sip_accounts" ADD CONSTRAINT "sip_accounts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "sip_accounts_sip_user_idx" ON "sip_accounts" USING btree ("sip_user");--> statement-breakpoint
CREATE UNIQUE INDEX "sip_accounts_user_idx" ON "sip_accounts" USING btree ("user_id");--> statement-breakpoint
-- The tenant_isolation policy of 0001, as on every tenant table.
SELECT enable_tenant_isolation('sip_accounts');
