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
DO $$
BEGIN
  IF EXISTS (SELECT 1 FROM pg_roles WHERE rolname = 'yunhu_app') THEN
    GRANT SELECT, INSERT, UPDATE, DELETE ON agent_lines TO yunhu_app;
  END IF;
END $$;
--> statement-breakpoint
-- The agents created before this migration: their administrator role gets the new console strings.
UPDATE "roles" SET "permissions" = "permissions" || ARRAY(
  SELECT p FROM unnest(ARRAY['agent:line:stock', 'agent:packet:manage', 'agent:packet:change']::text[]) p
  WHERE NOT (p = ANY("roles"."permissions")))
WHERE "tenant_id" IN (SELECT "id" FROM "tenants" WHERE "kind" = 'agent');
