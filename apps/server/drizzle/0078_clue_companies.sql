-- 企业线索's reference data: the companies of the registry and their contacts, one platform-wide set
-- (no tenant: every enterprise searches the same companies; what one unlocks is its own, in 0079).
-- The development source fills it with a generated set that says it is one; the real source's
-- answers are cached here, so both are searched with the same SQL.
--
-- The keyword search needs no extension PGlite lacks: grams holds the character pairs of the name
-- and the business scope (clue_grams), a GIN index answers grams @> clue_grams(keyword), and the
-- keyword itself is checked on the few rows it leaves.
CREATE FUNCTION clue_grams(s text) RETURNS text[] LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT coalesce(array_agg(DISTINCT g), '{}'::text[])
  FROM (
    SELECT substr(t, i, 2) AS g
    FROM (SELECT regexp_replace(lower(s), '\s+', '', 'g') AS t) n, generate_series(1, char_length(t) - 1) AS i
  ) p
$$;
--> statement-breakpoint
-- status: 存续 注销 吊销 撤销 迁出 设立中 清算中 停业; staff_band: the index of clueStaffBands;
-- source: dev (generated) | tianyancha.
CREATE TABLE "clue_companies" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"credit_code" text NOT NULL,
	"name" text NOT NULL,
	"kind" text DEFAULT '' NOT NULL,
	"legal_person" text DEFAULT '' NOT NULL,
	"capital_wan" integer DEFAULT 0 NOT NULL,
	"province" text DEFAULT '' NOT NULL,
	"city" text DEFAULT '' NOT NULL,
	"district" text DEFAULT '' NOT NULL,
	"address" text DEFAULT '' NOT NULL,
	"industry" text DEFAULT '' NOT NULL,
	"scope" text DEFAULT '' NOT NULL,
	"status" text DEFAULT '存续' NOT NULL,
	"founded_on" date NOT NULL,
	"staff_band" smallint DEFAULT 0 NOT NULL,
	"has_mobile" boolean DEFAULT false NOT NULL,
	"source" text DEFAULT 'dev' NOT NULL,
	"grams" text[] DEFAULT '{}'::text[] NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "clue_companies_credit_code_idx" ON "clue_companies" ("credit_code");
--> statement-breakpoint
CREATE INDEX "clue_companies_grams_idx" ON "clue_companies" USING gin ("grams");
--> statement-breakpoint
-- The two orders besides relevance, walked in order when the filters leave many rows.
CREATE INDEX "clue_companies_founded_idx" ON "clue_companies" ("founded_on" DESC, "id" DESC);
--> statement-breakpoint
CREATE INDEX "clue_companies_capital_idx" ON "clue_companies" ("capital_wan" DESC, "id" DESC);
--> statement-breakpoint
-- A place narrows to a few thousand rows; an industry with a place too.
CREATE INDEX "clue_companies_place_idx" ON "clue_companies" ("province", "city", "district");
--> statement-breakpoint
CREATE INDEX "clue_companies_industry_idx" ON "clue_companies" ("industry", "province");
--> statement-breakpoint
-- Batch matching by name.
CREATE INDEX "clue_companies_name_idx" ON "clue_companies" ("name");
--> statement-breakpoint
CREATE TABLE "clue_contacts" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"company_id" bigint NOT NULL REFERENCES "clue_companies"("id") ON DELETE CASCADE,
	"name" text NOT NULL,
	"role" text DEFAULT '' NOT NULL,
	"mobile" text DEFAULT '' NOT NULL,
	"phone" text DEFAULT '' NOT NULL,
	"sort" smallint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE INDEX "clue_contacts_company_idx" ON "clue_contacts" ("company_id", "sort");
--> statement-breakpoint
-- The results mark a company whose name is already a customer's name or company here.
CREATE INDEX IF NOT EXISTS "customers_tenant_company_idx" ON "customers" ("tenant_id", "company") WHERE "company" <> '';
--> statement-breakpoint
DO $$
BEGIN
  IF EXISTS (SELECT 1 FROM pg_roles WHERE rolname = 'yunhu_app') THEN
    GRANT SELECT, INSERT, UPDATE ON clue_companies, clue_contacts TO yunhu_app;
    GRANT DELETE ON clue_contacts TO yunhu_app;
    GRANT USAGE, SELECT ON SEQUENCE clue_companies_id_seq, clue_contacts_id_seq TO yunhu_app;
  END IF;
END $$;
