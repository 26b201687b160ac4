CREATE TABLE "blacklist_intercepts" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"tenant_id" bigint NOT NULL,
	"user_id" bigint,
	"dept_id" bigint,
	"number" text NOT NULL,
	"level" text NOT NULL,
	"reason" text NOT NULL,
	"via" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "number_blacklist" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"number" text NOT NULL,
	"reason" text DEFAULT '' NOT NULL,
	"source" text NOT NULL,
	"expires_at" timestamp with time zone,
	"created_by" bigint,
	"created_by_name" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by_name" text DEFAULT '' NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"tenant_id" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "platform_number_blacklist" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"number" text NOT NULL,
	"reason" text DEFAULT '' NOT NULL,
	"source" text NOT NULL,
	"expires_at" timestamp with time zone,
	"created_by" bigint,
	"created_by_name" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by_name" text DEFAULT '' NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "blacklist_intercepts" ADD CONSTRAINT "blacklist_intercepts_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "number_blacklist" ADD CONSTRAINT "number_blacklist_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "blacklist_intercepts_tenant_created_idx" ON "blacklist_intercepts" USING btree ("tenant_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "blacklist_intercepts_tenant_user_idx" ON "blacklist_intercepts" USING btree ("tenant_id","user_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "number_blacklist_tenant_number_idx" ON "number_blacklist" USING btree ("tenant_id","number");--> statement-breakpoint
CREATE INDEX "number_blacklist_tenant_created_idx" ON "number_blacklist" USING btree ("tenant_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "platform_number_blacklist_number_idx" ON "platform_number_blacklist" USING btree ("number");--> statement-breakpoint
CREATE INDEX "platform_number_blacklist_created_idx" ON "platform_number_blacklist" USING btree ("created_at" DESC NULLS LAST,"id" DESC NULLS LAST);