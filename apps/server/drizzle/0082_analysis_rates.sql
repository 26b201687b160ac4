-- 智能分析资费: the platform's price per analysed minute, a row per change (a finished analysis is
-- charged at the rate in force when it finished), and each analysis' count of finished runs, whose
-- number keys its charge (a re-analysis is a run of its own, charged once).
CREATE TABLE "analysis_rates" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"unit_price" integer NOT NULL,
	"valid_from" timestamp with time zone NOT NULL,
	"created_by_name" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "analysis_rates_unit_price_check" CHECK ("unit_price" >= 0)
);
--> statement-breakpoint
CREATE INDEX "analysis_rates_from_idx" ON "analysis_rates" ("valid_from" DESC, "id" DESC);
--> statement-breakpoint
ALTER TABLE "call_analyses" ADD COLUMN "finished_runs" integer DEFAULT 0 NOT NULL;
--> statement-breakpoint
DO $$
BEGIN
  IF EXISTS (SELECT 1 FROM pg_roles WHERE rolname = 'yunhu_app') THEN
    GRANT SELECT, INSERT ON analysis_rates TO yunhu_app;
    GRANT USAGE, SELECT ON SEQUENCE analysis_rates_id_seq TO yunhu_app;
  END IF;
END $$;
