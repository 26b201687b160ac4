CREATE TABLE "call_task_items" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"tenant_id" bigint NOT NULL,
	"task_id" bigint NOT NULL,
	"customer_id" bigint NOT NULL,
	"user_id" bigint NOT NULL,
	"dept_id" bigint,
	"seq" integer NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"last_bind_id" text,
	"result" text,
	"note" text DEFAULT '' NOT NULL,
	"finished_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "call_tasks" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"tenant_id" bigint NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"line_id" bigint,
	"countdown_seconds" integer DEFAULT 5 NOT NULL,
	"status" text DEFAULT 'running' NOT NULL,
	"created_by" bigint NOT NULL,
	"dept_id" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"closed_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "call_task_items" ADD CONSTRAINT "call_task_items_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "call_task_items" ADD CONSTRAINT "call_task_items_task_id_call_tasks_id_fk" FOREIGN KEY ("task_id") REFERENCES "public"."call_tasks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "call_task_items" ADD CONSTRAINT "call_task_items_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "call_task_items" ADD CONSTRAINT "call_task_items_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "call_task_items" ADD CONSTRAINT "call_task_items_dept_id_departments_id_fk" FOREIGN KEY ("dept_id") REFERENCES "public"."departments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "call_tasks" ADD CONSTRAINT "call_tasks_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "call_tasks" ADD CONSTRAINT "call_tasks_line_id_lines_id_fk" FOREIGN KEY ("line_id") REFERENCES "public"."lines"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "call_tasks" ADD CONSTRAINT "call_tasks_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "call_tasks" ADD CONSTRAINT "call_tasks_dept_id_departments_id_fk" FOREIGN KEY ("dept_id") REFERENCES "public"."departments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "call_task_items_task_customer_idx" ON "call_task_items" USING btree ("task_id","customer_id");--> statement-breakpoint
CREATE INDEX "call_task_items_task_seq_idx" ON "call_task_items" USING btree ("task_id","seq");--> statement-breakpoint
CREATE INDEX "call_task_items_task_user_seq_idx" ON "call_task_items" USING btree ("task_id","user_id","seq");--> statement-breakpoint
CREATE INDEX "call_task_items_tenant_user_task_idx" ON "call_task_items" USING btree ("tenant_id","user_id","task_id");--> statement-breakpoint
CREATE INDEX "call_task_items_tenant_customer_user_idx" ON "call_task_items" USING btree ("tenant_id","customer_id","user_id");--> statement-breakpoint
CREATE INDEX "call_tasks_tenant_created_idx" ON "call_tasks" USING btree ("tenant_id","created_at");--> statement-breakpoint
CREATE INDEX "call_tasks_tenant_dept_created_idx" ON "call_tasks" USING btree ("tenant_id","dept_id","created_at");--> statement-breakpoint
-- Calling tasks are tenant rows: the tenant_isolation policy of 0001.
SELECT enable_tenant_isolation(t) FROM unnest(ARRAY['call_tasks', 'call_task_items']) AS t;
