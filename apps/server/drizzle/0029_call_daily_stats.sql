CREATE TABLE "call_daily_stats" (
	"tenant_id" bigint NOT NULL,
	"day" timestamp with time zone NOT NULL,
	"user_id" bigint NOT NULL,
	"dept_id" bigint,
	"line_id" bigint NOT NULL,
	"call_status" integer NOT NULL,
	"finish_status" integer NOT NULL,
	"band_num" bigint[] NOT NULL,
	"band_second" bigint[] NOT NULL,
	"band_postage" bigint[] NOT NULL,
	CONSTRAINT "call_daily_stats_key" UNIQUE NULLS NOT DISTINCT("tenant_id","day","user_id","dept_id","line_id","call_status","finish_status")
);
--> statement-breakpoint
ALTER TABLE "call_daily_stats" ADD CONSTRAINT "call_daily_stats_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
-- The daily roll-up is a tenant table like the others (policy of 0001).
SELECT enable_tenant_isolation('call_daily_stats');
--> statement-breakpoint
-- Talk-time bands (docs/decisions/0008): band 0 is no talk (0 s), band i runs from the i-th mark to
-- the next; the marks are `callDurationMarks` in packages/contract (call-detail.ts), which the
-- list's duration filter and its presets use. A test holds the two equal.
CREATE OR REPLACE FUNCTION call_duration_marks() RETURNS integer[] LANGUAGE sql IMMUTABLE PARALLEL SAFE AS
  $$ SELECT '{1,10,30,60,180,300,600}'::integer[] $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION call_bands_add(a bigint[], b bigint[]) RETURNS bigint[] LANGUAGE sql IMMUTABLE PARALLEL SAFE AS
  $$ SELECT array_agg(x + y ORDER BY i) FROM unnest(a, b) WITH ORDINALITY AS t(x, y, i) $$;
--> statement-breakpoint
-- The upsert that adds the rows of `src` (call_records' columns and a `sign`, +1 or -1) to the
-- daily roll-up, grouped; used by the trigger (on its transition tables) and by the backfill below.
-- The day is the start time's Shanghai day, binned from a Shanghai midnight (no time-zone look-up).
CREATE OR REPLACE FUNCTION call_daily_stats_upsert(src text) RETURNS text LANGUAGE plpgsql STABLE AS $$
DECLARE
  bands text[];
BEGIN
  SELECT array[
    'ARRAY[' || string_agg(format('coalesce(sum(sign) FILTER (WHERE band = %s), 0)', b), ', ' ORDER BY b) || ']',
    'ARRAY[' || string_agg(format('coalesce(sum(sign * duration) FILTER (WHERE band = %s), 0)', b), ', ' ORDER BY b) || ']',
    'ARRAY[' || string_agg(format('coalesce(sum(sign * postage) FILTER (WHERE band = %s), 0)', b), ', ' ORDER BY b) || ']'
  ] INTO bands FROM generate_series(0, array_length(call_duration_marks(), 1)) b;
  RETURN format($q$
    INSERT INTO call_daily_stats AS s (tenant_id, day, user_id, dept_id, line_id, call_status, finish_status,
      band_num, band_second, band_postage)
    SELECT * FROM (
      SELECT tenant_id, date_bin('1 day', start_time, timestamptz '2000-01-01 00:00:00+08') AS day, user_id, dept_id,
        line_id, call_status, finish_status, %2$s::bigint[] AS n, %3$s::bigint[] AS sec, %4$s::bigint[] AS fen
      FROM (SELECT d.*, width_bucket(d.duration, call_duration_marks()) AS band FROM (%1$s) d) d
      GROUP BY 1, 2, 3, 4, 5, 6, 7
    ) g
    -- An update that moves nothing (a customer unlinked) writes nothing.
    WHERE NOT (0 = ALL(n) AND 0 = ALL(sec) AND 0 = ALL(fen))
    ON CONFLICT ON CONSTRAINT call_daily_stats_key DO UPDATE SET
      band_num = call_bands_add(s.band_num, excluded.band_num),
      band_second = call_bands_add(s.band_second, excluded.band_second),
      band_postage = call_bands_add(s.band_postage, excluded.band_postage)
  $q$, src, bands[1], bands[2], bands[3]);
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION call_daily_stats_apply() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  moved bigint;
BEGIN
  EXECUTE call_daily_stats_upsert(CASE TG_OP
    WHEN 'INSERT' THEN 'SELECT *, 1 AS sign FROM new_rows'
    WHEN 'DELETE' THEN 'SELECT *, -1 AS sign FROM old_rows'
    ELSE 'SELECT *, 1 AS sign FROM new_rows UNION ALL SELECT *, -1 AS sign FROM old_rows'
  END);
  GET DIAGNOSTICS moved = ROW_COUNT;
  -- A group left with no call (its rows deleted or moved away) disappears.
  IF TG_OP <> 'INSERT' AND moved > 0 THEN
    DELETE FROM call_daily_stats s
    USING (SELECT DISTINCT tenant_id, date_bin('1 day', start_time, timestamptz '2000-01-01 00:00:00+08') AS day,
      user_id, dept_id, line_id, call_status, finish_status FROM old_rows) o
    WHERE s.tenant_id = o.tenant_id AND s.day = o.day AND s.user_id = o.user_id
      AND s.dept_id IS NOT DISTINCT FROM o.dept_id AND s.line_id = o.line_id AND s.call_status = o.call_status
      AND s.finish_status = o.finish_status AND 0 = ALL(s.band_num);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- No writer slips between the backfill and the triggers: the table is held until the migration commits.
LOCK TABLE call_records IN SHARE ROW EXCLUSIVE MODE;
--> statement-breakpoint
CREATE TRIGGER call_records_daily_insert AFTER INSERT ON call_records
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION call_daily_stats_apply();
--> statement-breakpoint
CREATE TRIGGER call_records_daily_update AFTER UPDATE ON call_records
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION call_daily_stats_apply();
--> statement-breakpoint
CREATE TRIGGER call_records_daily_delete AFTER DELETE ON call_records
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION call_daily_stats_apply();
--> statement-breakpoint
-- The backfill: the existing records, grouped by the same upsert.
DO $$ BEGIN EXECUTE call_daily_stats_upsert('SELECT *, 1 AS sign FROM call_records'); END $$;
--> statement-breakpoint
-- The list reads a range of days of one enterprise with every column in the index (an index-only scan).
CREATE INDEX IF NOT EXISTS "call_daily_stats_tenant_day_idx" ON "call_daily_stats" USING btree ("tenant_id", "day")
  INCLUDE ("user_id", "dept_id", "line_id", "call_status", "finish_status", "band_num", "band_second", "band_postage");
