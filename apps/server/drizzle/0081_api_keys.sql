-- 开放平台 › API 密钥: keys of the open API, stored as their SHA-256 with a visible prefix, each with the
-- permissions its creator chose from his own; revoked keys stay listed.
CREATE TABLE "api_keys" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"tenant_id" bigint NOT NULL REFERENCES "tenants"("id"),
	"name" text NOT NULL,
	"prefix" text NOT NULL,
	"key_hash" text NOT NULL,
	"permissions" text[] DEFAULT '{}'::text[] NOT NULL,
	"created_by" bigint NOT NULL REFERENCES "users"("id"),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_used_at" timestamp with time zone,
	"revoked_at" timestamp with time zone
);
--> statement-breakpoint
-- A request's key is found by its hash alone, before its enterprise is known.
CREATE UNIQUE INDEX "api_keys_hash_idx" ON "api_keys" ("key_hash");
--> statement-breakpoint
CREATE INDEX "api_keys_tenant_idx" ON "api_keys" ("tenant_id", "id" DESC);
--> statement-breakpoint
SELECT enable_tenant_isolation('api_keys');
--> statement-breakpoint
DO $$
BEGIN
  IF EXISTS (SELECT 1 FROM pg_roles WHERE rolname = 'yunhu_app') THEN
    GRANT SELECT, INSERT, UPDATE, DELETE ON api_keys TO yunhu_app;
    GRANT USAGE, SELECT ON SEQUENCE api_keys_id_seq TO yunhu_app;
  END IF;
END $$;
