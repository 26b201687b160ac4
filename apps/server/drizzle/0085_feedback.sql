-- 意见反馈: a user's feedback (kind, text, up to 5 uploaded screenshots, the state of its handling)
-- and its thread (the platform's replies, the sender's follow-ups).
CREATE TABLE "feedbacks" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"tenant_id" bigint NOT NULL REFERENCES "tenants"("id"),
	"user_id" bigint NOT NULL REFERENCES "users"("id"),
	"author" text NOT NULL,
	"kind" text NOT NULL CHECK ("kind" IN ('suggestion', 'problem', 'complaint', 'other')),
	"content" text NOT NULL,
	"screenshots" text[] DEFAULT '{}'::text[] NOT NULL CHECK (cardinality("screenshots") <= 5),
	"state" text DEFAULT 'pending' NOT NULL CHECK ("state" IN ('pending', 'processing', 'replied', 'closed')),
	"reply_count" integer DEFAULT 0 NOT NULL,
	"request_key" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"closed_at" timestamp with time zone
);
--> statement-breakpoint
-- One feedback per form key and sender: a double click sends once.
CREATE UNIQUE INDEX "feedbacks_request_idx" ON "feedbacks" ("tenant_id", "user_id", "request_key");
--> statement-breakpoint
CREATE INDEX "feedbacks_user_idx" ON "feedbacks" ("tenant_id", "user_id", "id");
--> statement-breakpoint
CREATE INDEX "feedbacks_state_idx" ON "feedbacks" ("state", "created_at");
--> statement-breakpoint
CREATE TABLE "feedback_messages" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"tenant_id" bigint NOT NULL REFERENCES "tenants"("id"),
	"feedback_id" bigint NOT NULL REFERENCES "feedbacks"("id") ON DELETE CASCADE,
	"side" text NOT NULL CHECK ("side" IN ('user', 'platform')),
	"author" text NOT NULL,
	"content" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "feedback_messages_feedback_idx" ON "feedback_messages" ("feedback_id", "id");
--> statement-breakpoint
SELECT enable_tenant_isolation(t) FROM unnest(ARRAY['feedbacks', 'feedback_messages']) AS t;
--> statement-breakpoint
DO $$
BEGIN
  IF EXISTS (SELECT 1 FROM pg_roles WHERE rolname = 'yunhu_app') THEN
    GRANT SELECT, INSERT, UPDATE, DELETE ON feedbacks, feedback_messages TO yunhu_app;
    GRANT USAGE, SELECT ON SEQUENCE feedbacks_id_seq, feedback_messages_id_seq TO yunhu_app;
  END IF;
END $$;
