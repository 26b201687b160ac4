import { sql } from 'drizzle-orm';
import { bigint, boolean, index, integer, pgTable, text, unique, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, ref, sameTenant, tenantId, tenantTable, ts } from '../../db/columns.js';
import { customers } from '../crm/crm.schema.js';
import { lineRef, lines } from '../line/line.schema.js';
import { departments, users } from '../org/org.schema.js';

/** One call (DESIGN.md section 4, the original product's record fields). */
export const callRecords = tenantTable(
  'call_records',
  {
    userId: ref('user_id').notNull(),
    deptId: ref('dept_id'),
    customerId: ref('customer_id'),
    /** Null for an internal call (agent to agent: no line; migration 0040). */
    lineId: ref('line_id').references(() => lines.id),
    bindId: text('bind_id').notNull(),
    telA: text('tel_a').notNull(),
    telB: text('tel_b').notNull(),
    telX: text('tel_x').notNull().default(''),
    /** 1 connected, 2 not answered, 3 busy, 4 failed. */
    callStatus: integer('call_status').notNull(),
    /** 1 caller hung up, 2 callee hung up, 3 no answer timeout, 4 system. */
    finishStatus: integer('finish_status').notNull(),
    /** 1 outbound (the dial flow), 2 inbound, 3 internal (callTypeName; migration 0040). */
    callType: integer('call_type').notNull().default(1),
    /** The colleague an internal call reached (the record is the caller's). */
    peerUserId: ref('peer_user_id'),
    duration: integer('duration').notNull().default(0),
    startTime: ts('start_time').notNull(),
    endTime: ts('end_time').notNull(),
    /** Charge in fen. */
    postage: integer('postage').notNull().default(0),
    preRecordUrl: text('pre_record_url'),
    /**
     * The gateway's recording of a soft-phone call (migration 0035): null (none was made: carrier
     * records), pending, ready, off (the caller's recording switch), none (no audio), failed.
     */
    recordingState: text('recording_state'),
    /** Why a call ended that did not go as asked (线路故障 (503), 媒体协商失败 (488)); '' otherwise. */
    endReason: text('end_reason').notNull().default(''),
    callerAttr: text('caller_attr').notNull().default(''),
    calleeAttr: text('callee_attr').notNull().default(''),
    /** The carrier's (or Kamailio's) id of the call: the same callback twice writes one record. */
    carrierCallId: text('carrier_call_id'),
  },
  (t) => [
    sameTenant('call_records_customer_id_customers_id_fk', t, t.customerId, customers),
    sameTenant('call_records_dept_id_departments_id_fk', t, t.deptId, departments),
    sameTenant('call_records_peer_user_id_users_id_fk', t, t.peerUserId, users),
    sameTenant('call_records_user_id_users_id_fk', t, t.userId, users),
    index('call_records_tenant_time_idx').on(t.tenantId, t.startTime),
    index('call_records_tenant_user_time_idx').on(t.tenantId, t.userId, t.startTime),
    // A customer's calls on his details page (getCallDetailList), newest first, and the recycle
    // bin's purge (its unlink and foreign-key check look for customer_id alone; migration 0033).
    index('call_records_customer_time_idx').on(t.customerId, t.startTime).where(sql`customer_id IS NOT NULL`),
    // 通话记录 filtered by call status: its total counts index entries
    // alone (the scope columns ride along) and its newest page reads 20 entries; without it a
    // month of 10,000,000 records took 1.4 s (bench/calls.bench.ts).
    index('call_records_tenant_status_time_idx').on(t.tenantId, t.callStatus, t.startTime, t.userId, t.deptId),
    uniqueIndex('call_records_carrier_call_idx').on(t.carrierCallId, t.tenantId),
    // 通话记录 by call type, and the calls its totals add to the roll-ups' outbound ones (migration 0040).
    index('call_records_tenant_type_time_idx').on(t.tenantId, t.callType, t.startTime).where(sql`call_type <> 1`),
    // The start-up sweep of recordings a stop left 'pending' (migration 0040).
    index('call_records_pending_recording_idx').on(t.id).where(sql`recording_state = 'pending'`),
    // Also in migration 0033 only (Drizzle cannot declare INCLUDE columns): call_records_tenant_duration_time_idx
    // on (tenant_id, duration, start_time) INCLUDE (user_id, dept_id, line_id, call_status,
    // finish_status, postage) WHERE duration > 0, for talk-time ranges off the marks (pieceSelect).
  ],
);

/**
 * A dial request (spec section 4 Dial flow, step 3): who asked to call whom on which line. Its
 * random `bindId` travels with the call (X-Bind-Id on SIP, the carrier's order otherwise) so the
 * record that comes back later lands on the right person and customer.
 */
export const callBinds = tenantTable(
  'call_binds',
  {
    bindId: text('bind_id').notNull(),
    userId: ref('user_id').notNull(),
    deptId: ref('dept_id'),
    lineId: lineRef(),
    lineMode: integer('line_mode').notNull(),
    /** The agent's own number (the call-back line rings it first). */
    telA: text('tel_a').notNull().default(''),
    telB: text('tel_b').notNull(),
    telX: text('tel_x').notNull().default(''),
    // A purged customer leaves his dial requests behind without the link (crm unlinks call records likewise).
    customerId: ref('customer_id'),
    /** Whether the call is recorded (呼叫管理 setting at dial time). */
    isRecorded: boolean('is_recorded').notNull().default(true),
    /** created -> ringing -> talking -> finished | failed (the callee check reads the unfinished ones). */
    state: text('state').notNull().default('created'),
    /** A carrier call's progress while it happens (migration 0043): '' ordered, 'ringing', 'talking'. */
    progress: text('progress').notNull().default(''),
    /** The soft-phone call's SIP Call-ID, from its INVITE event (migration 0053): 监听 finds it at the gateway. */
    callId: text('call_id'),
    /** The dial request's own id, its x-request-id (migration 0097): Kamailio's call events carry it back. */
    requestId: text('request_id'),
    createdAt: createdAt(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    sameTenant('call_binds_customer_id_customers_id_fk', t, t.customerId, customers, 'set null'),
    sameTenant('call_binds_dept_id_departments_id_fk', t, t.deptId, departments),
    sameTenant('call_binds_user_id_users_id_fk', t, t.userId, users),
    uniqueIndex('call_binds_bind_id_idx').on(t.bindId, t.tenantId),
    // Callee check and the per-number daily limit: one number's binds of one tenant, newest first.
    index('call_binds_tenant_tel_created_idx').on(t.tenantId, t.telB, t.createdAt),
    // The daily limit: one person's binds today.
    index('call_binds_tenant_user_created_idx').on(t.tenantId, t.userId, t.createdAt),
    // 话务统计 of a whole enterprise or department: dial requests of a date range.
    index('call_binds_tenant_created_idx').on(t.tenantId, t.createdAt),
    // A purged customer's dial requests lose the link (migration 0033).
    index('call_binds_customer_idx').on(t.customerId).where(sql`customer_id IS NOT NULL`),
    // The soft-phone calls a started Kamailio ends: those it carried before (migration 0062).
    index('call_binds_live_sip_idx').on(t.id).where(sql`call_id IS NOT NULL AND state IN ('ringing', 'talking')`),
  ],
);

/**
 * The hourly roll-up of calls and dial requests (docs/decisions/0007): one row
 * per enterprise, hour, person, department of the call and line with the summed figures, so the
 * statistics and the totals of 通话记录 read a month as some 170,000 rows instead of millions.
 * Triggers on call_records and call_binds keep it in the transaction of every insert, update and
 * delete (migration 0025), whatever writes them. `hour` is the start (creation for a dial request)
 * truncated to the UTC hour: Asia/Shanghai is UTC+8 all year (no daylight saving), so each row lies
 * inside one Shanghai hour and Shanghai days and hours are unions of rows.
 */
export const callHourlyStats = pgTable(
  'call_hourly_stats',
  {
    tenantId: tenantId(),
    hour: ts('hour').notNull(),
    userId: ref('user_id').notNull(),
    /** The department of the call (null: the caller had none), like call_records.dept_id. */
    deptId: ref('dept_id'),
    lineId: ref('line_id').notNull(),
    /** Dial requests (call_binds) created in the hour. */
    bindNum: integer('bind_num').notNull().default(0),
    /** Call records started in the hour, and those of each call status (1..4). */
    callNum: integer('call_num').notNull().default(0),
    connectedNum: integer('connected_num').notNull().default(0),
    notAnsweredNum: integer('not_answered_num').notNull().default(0),
    busyNum: integer('busy_num').notNull().default(0),
    failedNum: integer('failed_num').notNull().default(0),
    totalSecond: bigint('total_second', { mode: 'number' }).notNull().default(0),
    /** Started minutes, summed per call ((duration + 59) / 60). */
    totalMinute: bigint('total_minute', { mode: 'number' }).notNull().default(0),
    /** Charge in fen. */
    totalPostage: bigint('total_postage', { mode: 'number' }).notNull().default(0),
  },
  (t) => [
    // The upsert key, and the range read of a statistic (tenant, hours).
    unique('call_hourly_stats_key').on(t.tenantId, t.hour, t.userId, t.deptId, t.lineId).nullsNotDistinct(),
  ],
);

/**
 * The daily roll-up (docs/decisions/0008, migration 0029): per enterprise, Shanghai day, person,
 * department of the call, line, call status and finish status, the calls, seconds, started minutes
 * and charge, and the calls, seconds and charge of each talk-time band (`callDurationMarks` in the
 * contract; band 0 is no talk, band i is from the i-th mark to the next). Dial requests (call_binds)
 * count in the group of call status 0 and finish status 0. Kept by statement-level triggers like the
 * hourly roll-up. The call-record list and every statistic but the by-hour one add whole days from
 * here, whole hours from call_hourly_stats and partial hours from the rows, so they stay exact.
 */
export const callDailyStats = pgTable(
  'call_daily_stats',
  {
    tenantId: tenantId(),
    /** Shanghai midnight that starts the day (Asia/Shanghai is +08:00 all year). */
    day: ts('day').notNull(),
    userId: ref('user_id').notNull(),
    deptId: ref('dept_id'),
    lineId: ref('line_id').notNull(),
    /** 0 for the dial requests' group. */
    callStatus: integer('call_status').notNull(),
    finishStatus: integer('finish_status').notNull(),
    /** Dial requests created that day (their group only). */
    bindNum: integer('bind_num').notNull(),
    /** Calls, seconds, started minutes and charge in fen of the group (read when no duration filters). */
    callNum: integer('call_num').notNull(),
    totalSecond: bigint('total_second', { mode: 'number' }).notNull(),
    totalMinute: bigint('total_minute', { mode: 'number' }).notNull(),
    totalPostage: bigint('total_postage', { mode: 'number' }).notNull(),
    /** Per talk-time band: calls, seconds, charge in fen. */
    bandNum: bigint('band_num', { mode: 'number' }).array().notNull(),
    bandSecond: bigint('band_second', { mode: 'number' }).array().notNull(),
    bandPostage: bigint('band_postage', { mode: 'number' }).array().notNull(),
  },
  (t) => [
    unique('call_daily_stats_key')
      .on(t.tenantId, t.day, t.userId, t.deptId, t.lineId, t.callStatus, t.finishStatus)
      .nullsNotDistinct(),
  ],
);

/**
 * A SIP call under way without a dial request (migration 0040): an agent calling a colleague
 * (call_type 3) or a desk phone / carrier calling a seat's number (2). Kamailio's events name it by
 * its SIP Call-ID; the row says who and since when until the hang-up writes its record and deletes it.
 */
export const sipCalls = tenantTable(
  'sip_calls',
  {
    callId: text('call_id').notNull(),
    callType: integer('call_type').notNull(),
    /** Whose record it becomes: the caller of an internal call, the agent an inbound call rang. */
    userId: ref('user_id').notNull(),
    deptId: ref('dept_id'),
    peerUserId: ref('peer_user_id'),
    lineId: ref('line_id'),
    telA: text('tel_a').notNull().default(''),
    telB: text('tel_b').notNull().default(''),
    telX: text('tel_x').notNull().default(''),
    isRecorded: boolean('is_recorded').notNull().default(false),
    /** ringing -> talking; the row goes when the call ends. */
    state: text('state').notNull().default('ringing'),
    createdAt: createdAt(),
    answeredAt: ts('answered_at'),
  },
  (t) => [
    sameTenant('sip_calls_user_id_users_id_fk', t, t.userId, users),
    uniqueIndex('sip_calls_call_id_idx').on(t.callId, t.tenantId),
    index('sip_calls_created_idx').on(t.createdAt),
  ],
);
