CREATE TABLE "cmcc_work_numbers" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"tenant_id" bigint NOT NULL,
	"work_number" text NOT NULL,
	"remark" text DEFAULT '' NOT NULL,
	"user_id" bigint,
	"bound_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "tenant_numbers" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"tenant_id" bigint NOT NULL,
	"line_id" bigint NOT NULL,
	"number" text NOT NULL,
	"remark" text DEFAULT '' NOT NULL,
	"user_id" bigint,
	"distributed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "calling_settings" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"tenant_id" bigint NOT NULL,
	"user_id" bigint NOT NULL,
	"line_id" bigint,
	"caller_number" text,
	"allowed_from" text DEFAULT '08:00' NOT NULL,
	"allowed_to" text DEFAULT '21:00' NOT NULL,
	"per_number_daily_limit" integer DEFAULT 3 NOT NULL,
	"daily_limit" integer DEFAULT 300 NOT NULL,
	"recording" boolean DEFAULT true NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "lines" ADD COLUMN "seat_price_per_month" integer DEFAULT 5000 NOT NULL;--> statement-breakpoint
ALTER TABLE "cmcc_work_numbers" ADD CONSTRAINT "cmcc_work_numbers_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cmcc_work_numbers" ADD CONSTRAINT "cmcc_work_numbers_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tenant_numbers" ADD CONSTRAINT "tenant_numbers_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tenant_numbers" ADD CONSTRAINT "tenant_numbers_line_id_lines_id_fk" FOREIGN KEY ("line_id") REFERENCES "public"."lines"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tenant_numbers" ADD CONSTRAINT "tenant_numbers_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "calling_settings" ADD CONSTRAINT "calling_settings_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "calling_settings" ADD CONSTRAINT "calling_settings_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "calling_settings" ADD CONSTRAINT "calling_settings_line_id_lines_id_fk" FOREIGN KEY ("line_id") REFERENCES "public"."lines"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "cmcc_work_numbers_number_idx" ON "cmcc_work_numbers" USING btree ("work_number");--> statement-breakpoint
CREATE INDEX "cmcc_work_numbers_tenant_user_idx" ON "cmcc_work_numbers" USING btree ("tenant_id","user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "tenant_numbers_tenant_number_idx" ON "tenant_numbers" USING btree ("tenant_id","number");--> statement-breakpoint
CREATE INDEX "tenant_numbers_tenant_line_idx" ON "tenant_numbers" USING btree ("tenant_id","line_id");--> statement-breakpoint
CREATE UNIQUE INDEX "calling_settings_tenant_user_idx" ON "calling_settings" USING btree ("tenant_id","user_id");--> statement-breakpoint
-- The tenant_isolation policy of 0001, as on every tenant table.
SELECT enable_tenant_isolation(t) FROM unnest(ARRAY['tenant_numbers', 'cmcc_work_numbers', 'calling_settings']) AS t;
