-- Package sharing (issue 18, docs/decisions/0020-resellers.md "Package sharing"): an enterprise
-- restricts one of its packages to chosen users. A package with rows here is drawn on only by the
-- calls of those users; a package without rows stays shared by every user of the enterprise.
CREATE TABLE "packet_users" (
	"packet_id" bigint NOT NULL REFERENCES "packets"("id") ON DELETE CASCADE,
	"user_id" bigint NOT NULL REFERENCES "users"("id"),
	"tenant_id" bigint NOT NULL REFERENCES "tenants"("id"),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "packet_users_pk" PRIMARY KEY ("packet_id", "user_id")
);
--> statement-breakpoint
-- A person's packages (packets-userId, user-is-packet) and the foreign keys' indexes.
CREATE INDEX "packet_users_user_idx" ON "packet_users" ("user_id");
--> statement-breakpoint
CREATE INDEX "packet_users_tenant_idx" ON "packet_users" ("tenant_id");
--> statement-breakpoint
SELECT enable_tenant_isolation('packet_users');
