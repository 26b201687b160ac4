CREATE TABLE "crm_change_logs" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"tenant_id" bigint NOT NULL,
	"customer_id" bigint NOT NULL,
	"user_id" bigint,
	"changes" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "crm_comments" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"tenant_id" bigint NOT NULL,
	"customer_id" bigint NOT NULL,
	"user_id" bigint,
	"content" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "crm_custom_fields" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"tenant_id" bigint NOT NULL,
	"name" text NOT NULL,
	"type" text NOT NULL,
	"options" text[] DEFAULT '{}'::text[] NOT NULL,
	"is_required" boolean DEFAULT false NOT NULL,
	"is_in_list" boolean DEFAULT true NOT NULL,
	"is_in_filter" boolean DEFAULT false NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "crm_follow_records" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"tenant_id" bigint NOT NULL,
	"customer_id" bigint NOT NULL,
	"user_id" bigint,
	"method" text DEFAULT 'phone' NOT NULL,
	"content" text NOT NULL,
	"next_follow_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "crm_import_rows" (
	"import_id" uuid NOT NULL,
	"tenant_id" bigint NOT NULL,
	"row_no" integer NOT NULL,
	"data" jsonb NOT NULL,
	"error" text,
	"existing_id" bigint,
	"outcome" text,
	"outcome_reason" text,
	CONSTRAINT "crm_import_rows_import_id_row_no_pk" PRIMARY KEY("import_id","row_no")
);
--> statement-breakpoint
CREATE TABLE "crm_imports" (
	"id" uuid PRIMARY KEY NOT NULL,
	"tenant_id" bigint NOT NULL,
	"user_id" bigint NOT NULL,
	"kind" text NOT NULL,
	"file_name" text DEFAULT '' NOT NULL,
	"status" text NOT NULL,
	"duplicate_mode" text DEFAULT 'skip' NOT NULL,
	"total" integer DEFAULT 0 NOT NULL,
	"valid_count" integer DEFAULT 0 NOT NULL,
	"invalid_count" integer DEFAULT 0 NOT NULL,
	"duplicate_count" integer DEFAULT 0 NOT NULL,
	"processed" integer DEFAULT 0 NOT NULL,
	"inserted" integer DEFAULT 0 NOT NULL,
	"updated" integer DEFAULT 0 NOT NULL,
	"skipped" integer DEFAULT 0 NOT NULL,
	"message" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "crm_owner_logs" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"tenant_id" bigint NOT NULL,
	"customer_id" bigint NOT NULL,
	"action" text NOT NULL,
	"from_user_id" bigint,
	"to_user_id" bigint,
	"operator_id" bigint,
	"reason" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "crm_quick_contents" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"tenant_id" bigint NOT NULL,
	"user_id" bigint,
	"content" text NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "crm_return_visits" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"tenant_id" bigint NOT NULL,
	"customer_id" bigint NOT NULL,
	"user_id" bigint,
	"dept_id" bigint,
	"content" text NOT NULL,
	"result" text DEFAULT 'normal' NOT NULL,
	"visit_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "crm_settings" (
	"tenant_id" bigint PRIMARY KEY NOT NULL,
	"max_owned" integer DEFAULT 0 NOT NULL,
	"daily_claim_limit" integer DEFAULT 0 NOT NULL,
	"reclaim_block_days" integer DEFAULT 0 NOT NULL,
	"release_no_follow_days" integer DEFAULT 0 NOT NULL,
	"release_no_deal_days" integer DEFAULT 0 NOT NULL,
	"remind_before_days" integer DEFAULT 0 NOT NULL,
	"is_privacy_on" boolean DEFAULT true NOT NULL,
	"updated_by" bigint,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "crm_tags" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"tenant_id" bigint NOT NULL,
	"name" text NOT NULL,
	"color" text DEFAULT 'blue' NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "crm_user_configs" (
	"tenant_id" bigint NOT NULL,
	"user_id" bigint NOT NULL,
	"key" text NOT NULL,
	"value" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "crm_user_configs_tenant_id_user_id_key_pk" PRIMARY KEY("tenant_id","user_id","key")
);
--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "name_pinyin" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "name_initials" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "address" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "remark" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "deal_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "tag_ids" bigint[] DEFAULT '{}'::bigint[] NOT NULL;--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "custom_values" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "owned_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "release_reminded_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "created_by" bigint;--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "deleted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "deleted_by" bigint;--> statement-breakpoint
ALTER TABLE "crm_change_logs" ADD CONSTRAINT "crm_change_logs_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "crm_change_logs" ADD CONSTRAINT "crm_change_logs_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "crm_comments" ADD CONSTRAINT "crm_comments_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "crm_comments" ADD CONSTRAINT "crm_comments_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "crm_comments" ADD CONSTRAINT "crm_comments_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "crm_custom_fields" ADD CONSTRAINT "crm_custom_fields_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "crm_follow_records" ADD CONSTRAINT "crm_follow_records_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "crm_follow_records" ADD CONSTRAINT "crm_follow_records_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "crm_follow_records" ADD CONSTRAINT "crm_follow_records_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "crm_import_rows" ADD CONSTRAINT "crm_import_rows_import_id_crm_imports_id_fk" FOREIGN KEY ("import_id") REFERENCES "public"."crm_imports"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "crm_import_rows" ADD CONSTRAINT "crm_import_rows_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "crm_imports" ADD CONSTRAINT "crm_imports_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "crm_owner_logs" ADD CONSTRAINT "crm_owner_logs_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "crm_owner_logs" ADD CONSTRAINT "crm_owner_logs_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "crm_quick_contents" ADD CONSTRAINT "crm_quick_contents_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "crm_return_visits" ADD CONSTRAINT "crm_return_visits_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "crm_return_visits" ADD CONSTRAINT "crm_return_visits_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "crm_return_visits" ADD CONSTRAINT "crm_return_visits_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "crm_settings" ADD CONSTRAINT "crm_settings_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "crm_tags" ADD CONSTRAINT "crm_tags_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "crm_user_configs" ADD CONSTRAINT "crm_user_configs_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "crm_user_configs" ADD CONSTRAINT "crm_user_configs_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "crm_change_logs_customer_idx" ON "crm_change_logs" USING btree ("tenant_id","customer_id","created_at");--> statement-breakpoint
CREATE INDEX "crm_comments_customer_idx" ON "crm_comments" USING btree ("tenant_id","customer_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "crm_custom_fields_name_idx" ON "crm_custom_fields" USING btree ("tenant_id","name");--> statement-breakpoint
CREATE INDEX "crm_follow_customer_idx" ON "crm_follow_records" USING btree ("tenant_id","customer_id","created_at");--> statement-breakpoint
CREATE INDEX "crm_follow_day_idx" ON "crm_follow_records" USING btree ("tenant_id","created_at");--> statement-breakpoint
CREATE INDEX "crm_owner_logs_tenant_idx" ON "crm_owner_logs" USING btree ("tenant_id","created_at");--> statement-breakpoint
CREATE INDEX "crm_owner_logs_customer_idx" ON "crm_owner_logs" USING btree ("tenant_id","customer_id","created_at");--> statement-breakpoint
CREATE INDEX "crm_owner_logs_operator_idx" ON "crm_owner_logs" USING btree ("tenant_id","operator_id","action","created_at");--> statement-breakpoint
CREATE INDEX "crm_owner_logs_from_idx" ON "crm_owner_logs" USING btree ("tenant_id","customer_id","from_user_id","created_at");--> statement-breakpoint
CREATE INDEX "crm_quick_contents_idx" ON "crm_quick_contents" USING btree ("tenant_id","user_id");--> statement-breakpoint
CREATE INDEX "crm_visits_tenant_idx" ON "crm_return_visits" USING btree ("tenant_id","visit_at");--> statement-breakpoint
CREATE INDEX "crm_visits_customer_idx" ON "crm_return_visits" USING btree ("tenant_id","customer_id","visit_at");--> statement-breakpoint
CREATE UNIQUE INDEX "crm_tags_name_idx" ON "crm_tags" USING btree ("tenant_id","name");--> statement-breakpoint
CREATE INDEX "customers_owner_follow_idx" ON "customers" USING btree ("tenant_id","owner_id","last_follow_at");--> statement-breakpoint
CREATE INDEX "customers_owner_next_idx" ON "customers" USING btree ("tenant_id","owner_id","next_follow_at");--> statement-breakpoint
CREATE INDEX "customers_tenant_dept_idx" ON "customers" USING btree ("tenant_id","dept_id","created_at");--> statement-breakpoint
CREATE INDEX "customers_pool_idx" ON "customers" USING btree ("tenant_id","pool_at") WHERE owner_id IS NULL AND deleted_at IS NULL;--> statement-breakpoint
CREATE INDEX "customers_recycle_idx" ON "customers" USING btree ("tenant_id","deleted_at") WHERE deleted_at IS NOT NULL;--> statement-breakpoint
CREATE INDEX "customers_tags_idx" ON "customers" USING gin ("tag_ids");