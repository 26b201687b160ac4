-- 线索包: the platform's catalogue of 企业线索 quota (units = companies one may unlock, price in fen),
-- sold through the orders and payments of commerce; a paid order grants its units to the quota
-- ledger once (business key grant:<order no>). No tenant: every enterprise reads it, the platform writes it.
CREATE TABLE "clue_packages" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"units" integer NOT NULL,
	"price" bigint NOT NULL,
	"is_enabled" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "clue_packages_figures_check" CHECK ("units" > 0 AND "price" > 0)
);
--> statement-breakpoint
CREATE INDEX "clue_packages_price_idx" ON "clue_packages" ("is_enabled", "price", "id");
--> statement-breakpoint
INSERT INTO "clue_packages" ("name", "units", "price") VALUES
	('线索包 100 条', 100, 19900),
	('线索包 500 条', 500, 89900),
	('线索包 2000 条', 2000, 299900);
--> statement-breakpoint
DO $$
BEGIN
  IF EXISTS (SELECT 1 FROM pg_roles WHERE rolname = 'yunhu_app') THEN
    GRANT SELECT, INSERT, UPDATE ON clue_packages TO yunhu_app;
    GRANT USAGE, SELECT ON SEQUENCE clue_packages_id_seq TO yunhu_app;
  END IF;
END $$;
