-- Issue 14 step 7 (实时监控): who is online. Kamailio's registrar keeps registrations in memory
-- only; after every REGISTER it posts the AOR's remaining contacts to the server (kamailio.cfg route
-- REG_EVENT, also when a WebSocket that carried a registration closes), which keeps one row per
-- person: online while expires_at is ahead.
CREATE TABLE "sip_registrations" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"tenant_id" bigint NOT NULL,
	"user_id" bigint NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "sip_registrations" ADD CONSTRAINT "sip_registrations_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "sip_registrations" ADD CONSTRAINT "sip_registrations_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
CREATE UNIQUE INDEX IF NOT EXISTS "sip_registrations_user_idx" ON "sip_registrations" USING btree ("user_id");
--> statement-breakpoint
-- The wallboard's read (a tenant's live registrations) and the tenant FK.
CREATE INDEX IF NOT EXISTS "sip_registrations_tenant_expires_idx" ON "sip_registrations" USING btree ("tenant_id","expires_at");
--> statement-breakpoint
-- The wallboard's live calls of a tenant: the dial requests under way only, whatever the day's volume.
CREATE INDEX IF NOT EXISTS "call_binds_live_idx" ON "call_binds" USING btree ("tenant_id","created_at") WHERE "state" IN ('created', 'ringing', 'talking');
--> statement-breakpoint
SELECT enable_tenant_isolation('sip_registrations');
