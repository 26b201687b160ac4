CREATE TABLE "call_binds" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"tenant_id" bigint NOT NULL,
	"bind_id" text NOT NULL,
	"user_id" bigint NOT NULL,
	"dept_id" bigint,
	"line_id" bigint NOT NULL,
	"line_mode" integer NOT NULL,
	"tel_a" text DEFAULT '' NOT NULL,
	"tel_b" text NOT NULL,
	"tel_x" text DEFAULT '' NOT NULL,
	"customer_id" bigint,
	"is_recorded" boolean DEFAULT true NOT NULL,
	"state" text DEFAULT 'created' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "call_records" ADD COLUMN "carrier_call_id" text;--> statement-breakpoint
ALTER TABLE "call_binds" ADD CONSTRAINT "call_binds_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "call_binds" ADD CONSTRAINT "call_binds_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "call_binds" ADD CONSTRAINT "call_binds_dept_id_departments_id_fk" FOREIGN KEY ("dept_id") REFERENCES "public"."departments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "call_binds" ADD CONSTRAINT "call_binds_line_id_lines_id_fk" FOREIGN KEY ("line_id") REFERENCES "public"."lines"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "call_binds" ADD CONSTRAINT "call_binds_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "call_binds_bind_id_idx" ON "call_binds" USING btree ("bind_id");--> statement-breakpoint
CREATE INDEX "call_binds_tenant_tel_created_idx" ON "call_binds" USING btree ("tenant_id","tel_b","created_at");--> statement-breakpoint
CREATE INDEX "call_binds_tenant_user_created_idx" ON "call_binds" USING btree ("tenant_id","user_id","created_at");--> statement-breakpoint
CREATE INDEX "call_records_tenant_customer_time_idx" ON "call_records" USING btree ("tenant_id","customer_id","start_time");--> statement-breakpoint
CREATE UNIQUE INDEX "call_records_carrier_call_idx" ON "call_records" USING btree ("carrier_call_id");
