CREATE TABLE "call_records" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"tenant_id" bigint NOT NULL,
	"user_id" bigint NOT NULL,
	"dept_id" bigint,
	"customer_id" bigint,
	"line_id" bigint NOT NULL,
	"bind_id" text NOT NULL,
	"tel_a" text NOT NULL,
	"tel_b" text NOT NULL,
	"tel_x" text DEFAULT '' NOT NULL,
	"call_status" integer NOT NULL,
	"finish_status" integer NOT NULL,
	"call_type" integer DEFAULT 1 NOT NULL,
	"duration" integer DEFAULT 0 NOT NULL,
	"start_time" timestamp with time zone NOT NULL,
	"end_time" timestamp with time zone NOT NULL,
	"postage" integer DEFAULT 0 NOT NULL,
	"pre_record_url" text,
	"caller_attr" text DEFAULT '' NOT NULL,
	"callee_attr" text DEFAULT '' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "customers" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"tenant_id" bigint NOT NULL,
	"name" text NOT NULL,
	"mobile" text NOT NULL,
	"company" text DEFAULT '' NOT NULL,
	"source" text DEFAULT '' NOT NULL,
	"intention_level" text DEFAULT 'D' NOT NULL,
	"is_deal" boolean DEFAULT false NOT NULL,
	"phone_label" text,
	"tags" text[] DEFAULT '{}'::text[] NOT NULL,
	"owner_id" bigint,
	"dept_id" bigint,
	"is_protected" boolean DEFAULT false NOT NULL,
	"last_follow_at" timestamp with time zone,
	"last_follow_content" text,
	"next_follow_at" timestamp with time zone,
	"pool_at" timestamp with time zone,
	"previous_owner_id" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "lines" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"mode" integer NOT NULL,
	"price_per_minute" integer NOT NULL,
	"area" text DEFAULT '' NOT NULL,
	"caller_numbers" text[] DEFAULT '{}'::text[] NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "packets" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"tenant_id" bigint NOT NULL,
	"line_id" bigint NOT NULL,
	"name" text NOT NULL,
	"total_minutes" integer NOT NULL,
	"used_seconds" integer DEFAULT 0 NOT NULL,
	"price" integer NOT NULL,
	"bought_at" timestamp with time zone NOT NULL,
	"expire_at" timestamp with time zone NOT NULL,
	"status" text DEFAULT 'active' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "seats" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"tenant_id" bigint NOT NULL,
	"user_id" bigint,
	"line_id" bigint NOT NULL,
	"start_at" timestamp with time zone NOT NULL,
	"expire_at" timestamp with time zone NOT NULL,
	"auto_renewal" boolean DEFAULT false NOT NULL,
	"status" text DEFAULT 'active' NOT NULL
);
--> statement-breakpoint
ALTER TABLE "call_records" ADD CONSTRAINT "call_records_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "call_records" ADD CONSTRAINT "call_records_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "call_records" ADD CONSTRAINT "call_records_dept_id_departments_id_fk" FOREIGN KEY ("dept_id") REFERENCES "public"."departments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "call_records" ADD CONSTRAINT "call_records_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "call_records" ADD CONSTRAINT "call_records_line_id_lines_id_fk" FOREIGN KEY ("line_id") REFERENCES "public"."lines"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customers" ADD CONSTRAINT "customers_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customers" ADD CONSTRAINT "customers_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customers" ADD CONSTRAINT "customers_dept_id_departments_id_fk" FOREIGN KEY ("dept_id") REFERENCES "public"."departments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "packets" ADD CONSTRAINT "packets_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "packets" ADD CONSTRAINT "packets_line_id_lines_id_fk" FOREIGN KEY ("line_id") REFERENCES "public"."lines"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "seats" ADD CONSTRAINT "seats_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "seats" ADD CONSTRAINT "seats_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "seats" ADD CONSTRAINT "seats_line_id_lines_id_fk" FOREIGN KEY ("line_id") REFERENCES "public"."lines"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "call_records_tenant_time_idx" ON "call_records" USING btree ("tenant_id","start_time");--> statement-breakpoint
CREATE INDEX "call_records_tenant_user_time_idx" ON "call_records" USING btree ("tenant_id","user_id","start_time");--> statement-breakpoint
CREATE UNIQUE INDEX "customers_tenant_mobile_idx" ON "customers" USING btree ("tenant_id","mobile");--> statement-breakpoint
CREATE INDEX "customers_tenant_owner_idx" ON "customers" USING btree ("tenant_id","owner_id","created_at");--> statement-breakpoint
CREATE INDEX "packets_tenant_expire_idx" ON "packets" USING btree ("tenant_id","expire_at");--> statement-breakpoint
CREATE INDEX "seats_tenant_user_idx" ON "seats" USING btree ("tenant_id","user_id");