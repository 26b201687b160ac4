-- 套餐转移 (issue 18, docs/decisions/0020-resellers.md "Package transfers"): an agent moves what is
-- left of a package of one of its enterprises to another of its enterprises. The source package is
-- closed (status 'transferred', its used seconds and calls stay with it and its enterprise); the
-- target gets a new package on the same line with the same expiry, holding exactly the moved seconds.
-- Not a tenant table: it names two enterprises; only their agent reads it (across tenants, by agent_id).
CREATE TABLE "packet_transfers" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"transfer_no" text NOT NULL,
	"agent_id" bigint NOT NULL REFERENCES "tenants"("id"),
	"from_tenant_id" bigint NOT NULL REFERENCES "tenants"("id"),
	"to_tenant_id" bigint NOT NULL REFERENCES "tenants"("id"),
	"from_packet_id" bigint NOT NULL REFERENCES "packets"("id"),
	"to_packet_id" bigint NOT NULL REFERENCES "packets"("id"),
	"line_id" bigint NOT NULL REFERENCES "lines"("id"),
	"packet_name" text NOT NULL,
	"seconds" integer NOT NULL,
	"source_total_seconds" integer NOT NULL,
	"source_used_seconds" integer NOT NULL,
	"expire_at" timestamp with time zone NOT NULL,
	"created_by" bigint,
	"created_by_name" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "packet_transfers_seconds_check" CHECK ("seconds" > 0 AND "source_used_seconds" + "seconds" = "source_total_seconds"),
	CONSTRAINT "packet_transfers_tenants_check" CHECK ("from_tenant_id" <> "to_tenant_id")
);
--> statement-breakpoint
CREATE UNIQUE INDEX "packet_transfers_no_idx" ON "packet_transfers" ("transfer_no");
--> statement-breakpoint
-- A package is moved once: the last wall behind the row lock and its status.
CREATE UNIQUE INDEX "packet_transfers_from_packet_idx" ON "packet_transfers" ("from_packet_id");
--> statement-breakpoint
CREATE UNIQUE INDEX "packet_transfers_to_packet_idx" ON "packet_transfers" ("to_packet_id");
--> statement-breakpoint
-- 套餐转移 list: an agent's transfers, newest first.
CREATE INDEX "packet_transfers_agent_created_idx" ON "packet_transfers" ("agent_id", "created_at", "id");
--> statement-breakpoint
DO $$
BEGIN
  IF EXISTS (SELECT 1 FROM pg_roles WHERE rolname = 'yunhu_app') THEN
    GRANT SELECT, INSERT, UPDATE, DELETE ON packet_transfers TO yunhu_app;
    GRANT USAGE, SELECT ON ALL SEQUENCES IN SCHEMA public TO yunhu_app;
  END IF;
END $$;
--> statement-breakpoint
-- The agents created before this migration: their administrator role gets the new console string.
UPDATE "roles" SET "permissions" = array_append("permissions", 'agent:transfer:manage')
WHERE "tenant_id" IN (SELECT "id" FROM "tenants" WHERE "kind" = 'agent')
  AND NOT ('agent:transfer:manage' = ANY("permissions"));
