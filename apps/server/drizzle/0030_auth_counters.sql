CREATE TABLE "auth_counters" (
	"key" text PRIMARY KEY NOT NULL,
	"tries" integer DEFAULT 0 NOT NULL,
	"window_start" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
DROP TABLE "auth_attempts" CASCADE;