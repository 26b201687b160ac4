-- Issue 14, agent-to-agent and inbound calls (docs/decisions/0015-recordings-and-results.md):
-- call_records.call_type says which way a call went: 1 outbound (the dial flow, every record until
-- now), 2 inbound (a desk phone or a carrier calling a seat's number), 3 internal (an agent's
-- soft-phone calling a colleague's). An internal call has no line.
ALTER TABLE "call_records" ALTER COLUMN "line_id" DROP NOT NULL;
--> statement-breakpoint
-- The colleague an internal call reached (the record belongs to the caller).
ALTER TABLE "call_records" ADD COLUMN "peer_user_id" bigint;
--> statement-breakpoint
ALTER TABLE "call_records" ADD CONSTRAINT "call_records_peer_user_id_users_id_fk" FOREIGN KEY ("peer_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
-- 通话记录 filtered by call type, and its totals, which add the calls that are not outbound (few)
-- to the roll-ups' outbound figures: both read this index (tenant, range) of those calls only.
CREATE INDEX IF NOT EXISTS "call_records_tenant_type_time_idx" ON "call_records" USING btree ("tenant_id", "call_type", "start_time") WHERE call_type <> 1;
--> statement-breakpoint
-- The start-up sweep of recordings left 'pending' by a stop (callback.service.ts sweepPending).
CREATE INDEX IF NOT EXISTS "call_records_pending_recording_idx" ON "call_records" USING btree ("id") WHERE recording_state = 'pending';
--> statement-breakpoint
-- SIP calls under way that have no dial request (internal and inbound): Kamailio's events name
-- them by their Call-ID; the row holds who and since when until the call's record is written.
CREATE TABLE "sip_calls" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"tenant_id" bigint NOT NULL,
	"call_id" text NOT NULL,
	"call_type" integer NOT NULL,
	"user_id" bigint NOT NULL,
	"dept_id" bigint,
	"peer_user_id" bigint,
	"line_id" bigint,
	"tel_a" text DEFAULT '' NOT NULL,
	"tel_b" text DEFAULT '' NOT NULL,
	"tel_x" text DEFAULT '' NOT NULL,
	"is_recorded" boolean DEFAULT false NOT NULL,
	"state" text DEFAULT 'ringing' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"answered_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "sip_calls" ADD CONSTRAINT "sip_calls_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "sip_calls" ADD CONSTRAINT "sip_calls_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
CREATE UNIQUE INDEX IF NOT EXISTS "sip_calls_call_id_idx" ON "sip_calls" USING btree ("call_id");
--> statement-breakpoint
-- The stale ones' sweep (a call Kamailio never reported the end of).
CREATE INDEX IF NOT EXISTS "sip_calls_created_idx" ON "sip_calls" USING btree ("created_at");
--> statement-breakpoint
SELECT enable_tenant_isolation('sip_calls');
--> statement-breakpoint
-- The roll-ups (0026, 0029) count outbound calls only: an internal or inbound call is no dial
-- request's call, has no line and no charge, and 话务统计 is about calling customers. The same
-- functions as before, the call records' rows filtered on call_type = 1.
CREATE OR REPLACE FUNCTION call_hourly_stats_apply() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  src text;
  at_col text := CASE TG_TABLE_NAME WHEN 'call_records' THEN 'start_time' ELSE 'created_at' END;
  only_out text := CASE TG_TABLE_NAME WHEN 'call_records' THEN ' WHERE call_type = 1' ELSE '' END;
  moved bigint;
BEGIN
  src := CASE TG_OP
    WHEN 'INSERT' THEN 'SELECT *, 1 AS sign FROM new_rows' || only_out
    WHEN 'DELETE' THEN 'SELECT *, -1 AS sign FROM old_rows' || only_out
    ELSE 'SELECT *, 1 AS sign FROM new_rows' || only_out || ' UNION ALL SELECT *, -1 AS sign FROM old_rows' || only_out
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
      USING (SELECT DISTINCT tenant_id, date_trunc('hour', %I, 'UTC') AS hour, user_id, dept_id, line_id FROM old_rows%s) o
      WHERE s.tenant_id = o.tenant_id AND s.hour = o.hour AND s.user_id = o.user_id
        AND s.dept_id IS NOT DISTINCT FROM o.dept_id AND s.line_id = o.line_id AND s.call_num = 0 AND s.bind_num = 0
    $q$, at_col, only_out);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION call_daily_stats_apply() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  at_col text := CASE TG_TABLE_NAME WHEN 'call_records' THEN 'start_time' ELSE 'created_at' END;
  only_out text := CASE TG_TABLE_NAME WHEN 'call_records' THEN ' WHERE call_type = 1' ELSE '' END;
  moved bigint;
BEGIN
  EXECUTE call_daily_stats_upsert(TG_TABLE_NAME, CASE TG_OP
    WHEN 'INSERT' THEN 'SELECT *, 1 AS sign FROM new_rows' || only_out
    WHEN 'DELETE' THEN 'SELECT *, -1 AS sign FROM old_rows' || only_out
    ELSE 'SELECT *, 1 AS sign FROM new_rows' || only_out || ' UNION ALL SELECT *, -1 AS sign FROM old_rows' || only_out
  END);
  GET DIAGNOSTICS moved = ROW_COUNT;
  -- A group left with nothing (its rows deleted or moved away) disappears.
  IF TG_OP <> 'INSERT' AND moved > 0 THEN
    EXECUTE format($q$
      DELETE FROM call_daily_stats s
      USING (SELECT DISTINCT tenant_id, date_bin('1 day', %I, timestamptz '2000-01-01 00:00:00+08') AS day,
        user_id, dept_id, line_id FROM old_rows%s) o
      WHERE s.tenant_id = o.tenant_id AND s.day = o.day AND s.user_id = o.user_id
        AND s.dept_id IS NOT DISTINCT FROM o.dept_id AND s.line_id = o.line_id AND s.call_num = 0 AND s.bind_num = 0
    $q$, at_col, only_out);
  END IF;
  RETURN NULL;
END $$;
