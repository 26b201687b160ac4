CREATE TABLE "call_daily_stats" (
	"tenant_id" bigint NOT NULL,
	"day" timestamp with time zone NOT NULL,
	"user_id" bigint NOT NULL,
	"dept_id" bigint,
	"line_id" bigint NOT NULL,
	"call_status" integer NOT NULL,
	"finish_status" integer NOT NULL,
	"bind_num" integer NOT NULL,
	"call_num" integer NOT NULL,
	"total_second" bigint NOT NULL,
	"total_minute" bigint NOT NULL,
	"total_postage" bigint NOT NULL,
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
-- The upsert that adds the rows of `src` (with a `sign`, +1 or -1) to the daily roll-up, grouped;
-- used by the trigger (on its transition tables) and by the backfill below. Call records go to the
-- group of their call and finish status, dial requests (call_binds) to the group 0 / 0. The day is
-- the Shanghai day of the start (creation), binned from a Shanghai midnight (no time-zone look-up).
CREATE OR REPLACE FUNCTION call_daily_stats_upsert(tbl text, src text) RETURNS text LANGUAGE plpgsql STABLE AS $$
DECLARE
  bands text[];
BEGIN
  IF tbl = 'call_binds' THEN
    RETURN format($q$
      INSERT INTO call_daily_stats AS s (tenant_id, day, user_id, dept_id, line_id, call_status, finish_status,
        bind_num, call_num, total_second, total_minute, total_postage, band_num, band_second, band_postage)
      SELECT tenant_id, date_bin('1 day', created_at, timestamptz '2000-01-01 00:00:00+08'), user_id, dept_id,
        line_id, 0, 0, sum(sign), 0, 0, 0, 0, z, z, z
      FROM (%s) d, array_fill(0::bigint, array[array_length(call_duration_marks(), 1) + 1]) z
      GROUP BY 1, 2, 3, 4, 5, z HAVING sum(sign) <> 0
      ON CONFLICT ON CONSTRAINT call_daily_stats_key DO UPDATE SET bind_num = s.bind_num + excluded.bind_num
    $q$, src);
  END IF;
  SELECT array[
    'ARRAY[' || string_agg(format('coalesce(sum(sign) FILTER (WHERE band = %s), 0)', b), ', ' ORDER BY b) || ']',
    'ARRAY[' || string_agg(format('coalesce(sum(sign * duration) FILTER (WHERE band = %s), 0)', b), ', ' ORDER BY b) || ']',
    'ARRAY[' || string_agg(format('coalesce(sum(sign * postage) FILTER (WHERE band = %s), 0)', b), ', ' ORDER BY b) || ']'
  ] INTO bands FROM generate_series(0, array_length(call_duration_marks(), 1)) b;
  RETURN format($q$
    INSERT INTO call_daily_stats AS s (tenant_id, day, user_id, dept_id, line_id, call_status, finish_status,
      bind_num, call_num, total_second, total_minute, total_postage, band_num, band_second, band_postage)
    SELECT * FROM (
      SELECT tenant_id, date_bin('1 day', start_time, timestamptz '2000-01-01 00:00:00+08') AS day, user_id, dept_id,
        line_id, call_status, finish_status, 0 AS binds, sum(sign) AS calls, sum(sign * duration) AS seconds,
        sum(sign * ((duration + 59) / 60)) AS minutes, sum(sign * postage) AS fens,
        %2$s::bigint[] AS n, %3$s::bigint[] AS sec, %4$s::bigint[] AS fen
      FROM (SELECT d.*, width_bucket(d.duration, call_duration_marks()) AS band FROM (%1$s) d) d
      GROUP BY 1, 2, 3, 4, 5, 6, 7
    ) g
    -- An update that moves nothing (a customer unlinked) writes nothing.
    WHERE NOT (0 = ALL(n) AND 0 = ALL(sec) AND 0 = ALL(fen))
    ON CONFLICT ON CONSTRAINT call_daily_stats_key DO UPDATE SET
      call_num = s.call_num + excluded.call_num, total_second = s.total_second + excluded.total_second,
      total_minute = s.total_minute + excluded.total_minute, total_postage = s.total_postage + excluded.total_postage,
      band_num = call_bands_add(s.band_num, excluded.band_num),
      band_second = call_bands_add(s.band_second, excluded.band_second),
      band_postage = call_bands_add(s.band_postage, excluded.band_postage)
  $q$, src, bands[1], bands[2], bands[3]);
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION call_daily_stats_apply() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  at_col text := CASE TG_TABLE_NAME WHEN 'call_records' THEN 'start_time' ELSE 'created_at' END;
  moved bigint;
BEGIN
  EXECUTE call_daily_stats_upsert(TG_TABLE_NAME, CASE TG_OP
    WHEN 'INSERT' THEN 'SELECT *, 1 AS sign FROM new_rows'
    WHEN 'DELETE' THEN 'SELECT *, -1 AS sign FROM old_rows'
    ELSE 'SELECT *, 1 AS sign FROM new_rows UNION ALL SELECT *, -1 AS sign FROM old_rows'
  END);
  GET DIAGNOSTICS moved = ROW_COUNT;
  -- A group left with nothing (its rows deleted or moved away) disappears.
  IF TG_OP <> 'INSERT' AND moved > 0 THEN
    EXECUTE format($q$
      DELETE FROM call_daily_stats s
      USING (SELECT DISTINCT tenant_id, date_bin('1 day', %I, timestamptz '2000-01-01 00:00:00+08') AS day,
        user_id, dept_id, line_id FROM old_rows) o
      WHERE s.tenant_id = o.tenant_id AND s.day = o.day AND s.user_id = o.user_id
        AND s.dept_id IS NOT DISTINCT FROM o.dept_id AND s.line_id = o.line_id AND s.call_num = 0 AND s.bind_num = 0
    $q$, at_col);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- No writer slips between the backfill and the triggers: both tables are held until the migration commits.
LOCK TABLE call_records, call_binds IN SHARE ROW EXCLUSIVE MODE;
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
CREATE TRIGGER call_binds_daily_insert AFTER INSERT ON call_binds
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION call_daily_stats_apply();
--> statement-breakpoint
CREATE TRIGGER call_binds_daily_update AFTER UPDATE ON call_binds
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION call_daily_stats_apply();
--> statement-breakpoint
CREATE TRIGGER call_binds_daily_delete AFTER DELETE ON call_binds
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION call_daily_stats_apply();
--> statement-breakpoint
-- The backfill: the existing records and dial requests, grouped by the same upserts.
DO $$ BEGIN
  EXECUTE call_daily_stats_upsert('call_records', 'SELECT *, 1 AS sign FROM call_records');
  EXECUTE call_daily_stats_upsert('call_binds', 'SELECT *, 1 AS sign FROM call_binds');
END $$;
--> statement-breakpoint
-- A range of days of one enterprise: without a duration filter every column the list and the
-- statistics read is in this index (an index-only scan); the bands stay out (they would double it).
CREATE INDEX IF NOT EXISTS "call_daily_stats_tenant_day_idx" ON "call_daily_stats" USING btree ("tenant_id", "day")
  INCLUDE ("user_id", "dept_id", "line_id", "call_status", "finish_status", "bind_num", "call_num", "total_second",
    "total_minute", "total_postage");
