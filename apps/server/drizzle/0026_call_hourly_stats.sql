CREATE TABLE "call_hourly_stats" (
	"tenant_id" bigint NOT NULL,
	"hour" timestamp with time zone NOT NULL,
	"user_id" bigint NOT NULL,
	"dept_id" bigint,
	"line_id" bigint NOT NULL,
	"bind_num" integer DEFAULT 0 NOT NULL,
	"call_num" integer DEFAULT 0 NOT NULL,
	"connected_num" integer DEFAULT 0 NOT NULL,
	"not_answered_num" integer DEFAULT 0 NOT NULL,
	"busy_num" integer DEFAULT 0 NOT NULL,
	"failed_num" integer DEFAULT 0 NOT NULL,
	"total_second" bigint DEFAULT 0 NOT NULL,
	"total_minute" bigint DEFAULT 0 NOT NULL,
	"total_postage" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "call_hourly_stats_key" UNIQUE NULLS NOT DISTINCT("tenant_id","hour","user_id","dept_id","line_id")
);
--> statement-breakpoint
ALTER TABLE "call_hourly_stats" ADD CONSTRAINT "call_hourly_stats_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
-- The roll-up is a tenant table like the others (policy of 0001).
SELECT enable_tenant_isolation('call_hourly_stats');
--> statement-breakpoint
-- Kept by statement-level triggers with transition tables (docs/decisions/0007): every INSERT,
-- UPDATE or DELETE of call_records or call_binds adds its rows' figures (+1 for new rows, -1 for
-- old ones), grouped, to the roll-up in the same transaction; a bulk insert is one grouped upsert.
-- The hour is the start (creation) truncated to the UTC hour: Asia/Shanghai is UTC+8 all year, so a
-- UTC hour is a Shanghai hour and the Shanghai days and hours of the statistics are unions of rows.
-- It runs as the writer: under row-level security it can only touch rows of app.tenant_id.
CREATE OR REPLACE FUNCTION call_hourly_stats_apply() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  src text;
  at_col text := CASE TG_TABLE_NAME WHEN 'call_records' THEN 'start_time' ELSE 'created_at' END;
  moved bigint;
BEGIN
  src := CASE TG_OP
    WHEN 'INSERT' THEN 'SELECT *, 1 AS sign FROM new_rows'
    WHEN 'DELETE' THEN 'SELECT *, -1 AS sign FROM old_rows'
    ELSE 'SELECT *, 1 AS sign FROM new_rows UNION ALL SELECT *, -1 AS sign FROM old_rows'
  END;
  IF TG_TABLE_NAME = 'call_records' THEN
    EXECUTE format($q$
      INSERT INTO call_hourly_stats AS s (tenant_id, user_id, dept_id, line_id, hour, call_num, connected_num,
        not_answered_num, busy_num, failed_num, total_second, total_minute, total_postage)
      SELECT * FROM (
        SELECT tenant_id, user_id, dept_id, line_id, date_trunc('hour', start_time, 'UTC') AS hour,
          sum(sign) AS c, coalesce(sum(sign) FILTER (WHERE call_status = 1), 0) AS c1,
          coalesce(sum(sign) FILTER (WHERE call_status = 2), 0) AS c2,
          coalesce(sum(sign) FILTER (WHERE call_status = 3), 0) AS c3,
          coalesce(sum(sign) FILTER (WHERE call_status = 4), 0) AS c4,
          sum(sign * duration) AS sec, sum(sign * ((duration + 59) / 60)) AS mins, sum(sign * postage) AS fen
        FROM (%s) d GROUP BY 1, 2, 3, 4, 5
      ) g
      -- An update that moves nothing (a customer unlinked) writes nothing.
      WHERE (c, c1, c2, c3, c4, sec, mins, fen) <> (0, 0, 0, 0, 0, 0, 0, 0)
      ON CONFLICT ON CONSTRAINT call_hourly_stats_key DO UPDATE SET
        call_num = s.call_num + excluded.call_num, connected_num = s.connected_num + excluded.connected_num,
        not_answered_num = s.not_answered_num + excluded.not_answered_num, busy_num = s.busy_num + excluded.busy_num,
        failed_num = s.failed_num + excluded.failed_num, total_second = s.total_second + excluded.total_second,
        total_minute = s.total_minute + excluded.total_minute, total_postage = s.total_postage + excluded.total_postage
    $q$, src);
  ELSE
    -- A dial request's state changes often (ringing, talking, finished) and moves nothing.
    EXECUTE format($q$
      INSERT INTO call_hourly_stats AS s (tenant_id, user_id, dept_id, line_id, hour, bind_num)
      SELECT tenant_id, user_id, dept_id, line_id, date_trunc('hour', created_at, 'UTC'), sum(sign)
      FROM (%s) d GROUP BY 1, 2, 3, 4, 5 HAVING sum(sign) <> 0
      ON CONFLICT ON CONSTRAINT call_hourly_stats_key DO UPDATE SET bind_num = s.bind_num + excluded.bind_num
    $q$, src);
  END IF;
  GET DIAGNOSTICS moved = ROW_COUNT;
  -- A group left with nothing (its rows deleted or moved away) disappears: no statistic shows an empty row.
  IF TG_OP <> 'INSERT' AND moved > 0 THEN
    EXECUTE format($q$
      DELETE FROM call_hourly_stats s
      USING (SELECT DISTINCT tenant_id, date_trunc('hour', %I, 'UTC') AS hour, user_id, dept_id, line_id FROM old_rows) o
      WHERE s.tenant_id = o.tenant_id AND s.hour = o.hour AND s.user_id = o.user_id
        AND s.dept_id IS NOT DISTINCT FROM o.dept_id AND s.line_id = o.line_id AND s.call_num = 0 AND s.bind_num = 0
    $q$, at_col);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- No writer slips between the backfill and the triggers: both tables are held until the migration commits.
LOCK TABLE call_records, call_binds IN SHARE ROW EXCLUSIVE MODE;
--> statement-breakpoint
CREATE TRIGGER call_records_hourly_insert AFTER INSERT ON call_records
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION call_hourly_stats_apply();
--> statement-breakpoint
CREATE TRIGGER call_records_hourly_update AFTER UPDATE ON call_records
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION call_hourly_stats_apply();
--> statement-breakpoint
CREATE TRIGGER call_records_hourly_delete AFTER DELETE ON call_records
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION call_hourly_stats_apply();
--> statement-breakpoint
CREATE TRIGGER call_binds_hourly_insert AFTER INSERT ON call_binds
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION call_hourly_stats_apply();
--> statement-breakpoint
CREATE TRIGGER call_binds_hourly_update AFTER UPDATE ON call_binds
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION call_hourly_stats_apply();
--> statement-breakpoint
CREATE TRIGGER call_binds_hourly_delete AFTER DELETE ON call_binds
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION call_hourly_stats_apply();
--> statement-breakpoint
-- The backfill: the existing records and dial requests, grouped.
INSERT INTO call_hourly_stats (tenant_id, hour, user_id, dept_id, line_id, bind_num, call_num, connected_num,
  not_answered_num, busy_num, failed_num, total_second, total_minute, total_postage)
SELECT tenant_id, hour, user_id, dept_id, line_id, sum(bind_num), sum(call_num), sum(connected_num),
  sum(not_answered_num), sum(busy_num), sum(failed_num), sum(total_second), sum(total_minute), sum(total_postage)
FROM (
  SELECT tenant_id, date_trunc('hour', start_time, 'UTC') AS hour, user_id, dept_id, line_id, 0 AS bind_num,
    count(*) AS call_num, count(*) FILTER (WHERE call_status = 1) AS connected_num,
    count(*) FILTER (WHERE call_status = 2) AS not_answered_num, count(*) FILTER (WHERE call_status = 3) AS busy_num,
    count(*) FILTER (WHERE call_status = 4) AS failed_num, sum(duration) AS total_second,
    sum((duration + 59) / 60) AS total_minute, sum(postage) AS total_postage
  FROM call_records GROUP BY 1, 2, 3, 4, 5
  UNION ALL
  SELECT tenant_id, date_trunc('hour', created_at, 'UTC'), user_id, dept_id, line_id, count(*), 0, 0, 0, 0, 0, 0, 0, 0
  FROM call_binds GROUP BY 1, 2, 3, 4, 5
) x
GROUP BY 1, 2, 3, 4, 5;
--> statement-breakpoint
-- 通话记录's number-fragment filter (any 4-12 digits of the customer's number). LIKE is not
-- leakproof, so under row-level security PostgreSQL will not use an index for it on call_records;
-- this function runs the match as the tables' owner (no policy) with the tenant condition written
-- out from the same app.tenant_id setting, and answers only ids, which the caller's query then
-- reads under its own policy, data scope and filters. `pattern` is a LIKE pattern (escaped).
CREATE OR REPLACE FUNCTION call_record_ids_by_number(pattern text, from_time timestamptz, to_time timestamptz)
RETURNS SETOF bigint LANGUAGE plpgsql STABLE SECURITY DEFINER SET search_path = public, pg_temp ROWS 100 AS $$
BEGIN
  -- EXECUTE plans with the values, so the planner sees the pattern and the range.
  RETURN QUERY EXECUTE 'SELECT id FROM call_records
    WHERE tenant_id = nullif(current_setting(''app.tenant_id'', true), '''')::bigint
      AND start_time >= $2 AND start_time <= $3 AND tel_b LIKE $1'
    USING pattern, from_time, to_time;
END $$;
--> statement-breakpoint
-- A trigram index answers that match where the server has pg_trgm (PostgreSQL's contrib; not in
-- the embedded PGlite, whose small databases scan the range instead).
DO $$
BEGIN
  CREATE EXTENSION IF NOT EXISTS pg_trgm;
  EXECUTE 'CREATE INDEX IF NOT EXISTS call_records_tel_b_trgm_idx ON call_records USING gin (tel_b gin_trgm_ops)';
EXCEPTION WHEN OTHERS THEN
  RAISE NOTICE 'pg_trgm is not available: the number filter of call records scans the time range';
END $$;
