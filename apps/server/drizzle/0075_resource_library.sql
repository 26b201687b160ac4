-- 资料库 (Resource/library): the enterprise's call scripts (话术, sections of heading and text, objections
-- as question → answer pairs) and files (product sheets, price lists: a private upload), in folders of
-- one level, with tags and who may read each item: everyone, chosen departments (and the departments
-- below them) or chosen roles.
CREATE TABLE "resource_folders" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"tenant_id" bigint NOT NULL REFERENCES "tenants"("id"),
	"name" text NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "resource_folders_tenant_name_idx" ON "resource_folders" ("tenant_id", "name");
--> statement-breakpoint
-- kind: script 话术 | file 文件 (the upload's stored name in file_name). visibility: all | depts | roles.
CREATE TABLE "resource_items" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"tenant_id" bigint NOT NULL REFERENCES "tenants"("id"),
	"folder_id" bigint REFERENCES "resource_folders"("id"),
	"kind" text NOT NULL CHECK ("kind" IN ('script', 'file')),
	"title" text NOT NULL,
	"sections" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"file_name" text,
	"file_original_name" text DEFAULT '' NOT NULL,
	"file_type" text DEFAULT '' NOT NULL,
	"file_size" integer DEFAULT 0 NOT NULL,
	"tags" text[] DEFAULT '{}'::text[] NOT NULL,
	"visibility" text DEFAULT 'all' NOT NULL CHECK ("visibility" IN ('all', 'depts', 'roles')),
	"dept_ids" bigint[] DEFAULT '{}'::bigint[] NOT NULL,
	"role_ids" bigint[] DEFAULT '{}'::bigint[] NOT NULL,
	"owner_id" bigint NOT NULL REFERENCES "users"("id"),
	"owner_name" text NOT NULL,
	"search_text" text DEFAULT '' NOT NULL,
	"use_count" integer DEFAULT 0 NOT NULL,
	"last_used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CHECK (("kind" = 'file') = ("file_name" IS NOT NULL))
);
--> statement-breakpoint
-- The list, newest change first, over the whole library and within a folder (a folder is one
-- tenant's, and the index serves the foreign key's check when a folder is deleted); the most used first.
CREATE INDEX "resource_items_tenant_updated_idx" ON "resource_items" ("tenant_id", "updated_at" DESC, "id" DESC);
--> statement-breakpoint
CREATE INDEX "resource_items_folder_updated_idx" ON "resource_items" ("folder_id", "updated_at" DESC, "id" DESC);
--> statement-breakpoint
CREATE INDEX "resource_items_tenant_uses_idx" ON "resource_items" ("tenant_id", "use_count" DESC, "id" DESC);
--> statement-breakpoint
-- The tag filter (tags @> array[tag]).
CREATE INDEX "resource_items_tags_idx" ON "resource_items" USING gin ("tags");
--> statement-breakpoint
SELECT enable_tenant_isolation(t) FROM unnest(ARRAY['resource_folders', 'resource_items']) AS t;
--> statement-breakpoint
-- The keyword search (title, text, tags, file name) by trigram where the server has pg_trgm.
DO $$
BEGIN
  CREATE EXTENSION IF NOT EXISTS pg_trgm;
  EXECUTE 'CREATE INDEX IF NOT EXISTS resource_items_search_trgm_idx ON resource_items USING gin (search_text gin_trgm_ops)';
EXCEPTION WHEN OTHERS THEN
  RAISE NOTICE 'pg_trgm is not available: the library keyword search scans the tenant''s items';
END $$;
--> statement-breakpoint
DO $$
BEGIN
  IF EXISTS (SELECT 1 FROM pg_roles WHERE rolname = 'yunhu_app') THEN
    GRANT SELECT, INSERT, UPDATE, DELETE ON resource_folders, resource_items TO yunhu_app;
    GRANT USAGE, SELECT ON SEQUENCE resource_folders_id_seq, resource_items_id_seq TO yunhu_app;
  END IF;
END $$;
--> statement-breakpoint
-- Every enterprise role reads the library (an administrator holds everything already); roles made
-- before this migration get the string too.
UPDATE "roles" SET "permissions" = "roles"."permissions" || ARRAY['resource:library:view']
FROM "tenants"
WHERE "tenants"."id" = "roles"."tenant_id" AND "tenants"."kind" = 'enterprise' AND NOT "roles"."is_admin"
	AND NOT ('resource:library:view' = ANY("roles"."permissions"));
