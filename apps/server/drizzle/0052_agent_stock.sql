-- Line stock and the agent's own packages (issue 18, docs/decisions/0020-resellers.md "Line stock and
-- the agent's packages"). The platform opens lines for an agent: its enterprises buy seats and
-- packages only on those. Closing a line stops new purchases on it; what was bought keeps working.
-- Not a tenant table: the buying enterprise's transaction reads its agent's lines.
CREATE TABLE "agent_lines" (
	"agent_id" bigint NOT NULL REFERENCES "tenants"("id"),
	"line_id" bigint NOT NULL REFERENCES "lines"("id"),
	"opened_by" bigint,
	"opened_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "agent_lines_pk" PRIMARY KEY ("agent_id", "line_id")
);
--> statement-breakpoint
-- An agent's own package products live in the platform's catalogue table, owned by the agent:
-- the order, payment, grant and 退订 paths take them as they are.
ALTER TABLE "packet_products" ADD COLUMN "agent_id" bigint REFERENCES "tenants"("id");
--> statement-breakpoint
CREATE INDEX "packet_products_agent_idx" ON "packet_products" ("agent_id", "line_id") WHERE "agent_id" IS NOT NULL;
--> statement-breakpoint
-- The agents created before this migration keep selling what they sold: every active line opened.
INSERT INTO "agent_lines" ("agent_id", "line_id")
SELECT t."id", l."id" FROM "tenants" t CROSS JOIN "lines" l
WHERE t."kind" = 'agent' AND l."status" = 'active'
ON CONFLICT DO NOTHING;
--> statement-breakpoint
-- 套餐变更 (changePacket): an agent moves the remainder of an enterprise's live package to another of
-- its opened lines. The source package is closed (status 'changed': its used seconds and calls stay
-- with the old line); a new package of the same enterprise on the new line holds exactly the rest.
-- Not a tenant table: only the agent reads it (across tenants, by agent_id).
CREATE TABLE "packet_changes" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"agent_id" bigint NOT NULL REFERENCES "tenants"("id"),
	"enterprise_id" bigint NOT NULL REFERENCES "tenants"("id"),
	"from_packet_id" bigint NOT NULL REFERENCES "packets"("id"),
	"to_packet_id" bigint NOT NULL REFERENCES "packets"("id"),
	"from_line_id" bigint NOT NULL REFERENCES "lines"("id"),
	"to_line_id" bigint NOT NULL REFERENCES "lines"("id"),
	"packet_name" text NOT NULL,
	"seconds" integer NOT NULL,
	"source_total_seconds" integer NOT NULL,
	"source_used_seconds" integer NOT NULL,
	"expire_at" timestamp with time zone NOT NULL,
	"created_by" bigint,
	"created_by_name" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "packet_changes_seconds_check" CHECK ("seconds" > 0 AND "source_used_seconds" + "seconds" = "source_total_seconds"),
	CONSTRAINT "packet_changes_lines_check" CHECK ("from_line_id" <> "to_line_id")
);
--> statement-breakpoint
-- A package is changed once (its successor may be changed again): the last wall behind the row lock.
CREATE UNIQUE INDEX "packet_changes_from_packet_idx" ON "packet_changes" ("from_packet_id");
--> statement-breakpoint
CREATE UNIQUE INDEX "packet_changes_to_packet_idx" ON "packet_changes" ("to_packet_id");
--> statement-breakpoint
CREATE INDEX "packet_changes_agent_created_idx" ON "packet_changes" ("agent_id", "created_at", "id");
--> statement-breakpoint
DO $$
BEGIN
  IF EXISTS (SELECT 1 FROM pg_roles WHERE rolname = 'yunhu_app') THEN
    GRANT SELECT, INSERT, UPDATE, DELETE ON agent_lines, packet_changes TO yunhu_app;
    GRANT USAGE, SELECT ON ALL SEQUENCES IN SCHEMA public TO yunhu_app;
  END IF;
END $$;
--> statement-breakpoint
-- The agents created before this migration: their administrator role gets the new console strings.
UPDATE "roles" SET "permissions" = "permissions" || ARRAY(
  SELECT p FROM unnest(ARRAY['agent:line:stock', 'agent:packet:manage', 'agent:packet:change']::text[]) p
  WHERE NOT (p = ANY("roles"."permissions")))
WHERE "tenant_id" IN (SELECT "id" FROM "tenants" WHERE "kind" = 'agent');
