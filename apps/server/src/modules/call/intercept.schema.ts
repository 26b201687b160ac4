import { sql } from 'drizzle-orm';
import { index, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, ref, sameTenant, tenantTable } from '../../db/columns.js';
import { departments, users } from '../org/org.schema.js';

/**
 * 呼叫拦截记录 (migrations 0066, 0070): a call a soft-phone key tried toward the carrier (or another
 * enterprise's key) that the server had not authorised, refused 403 at the SIP edge. Written on
 * Kamailio's word or the bind look-up's refusal; the caller's enterprise reads it.
 */
export const callIntercepts = tenantTable(
  'call_intercepts',
  {
    userId: ref('user_id'),
    /** The caller's department then: the data scope of the list. */
    deptId: ref('dept_id'),
    /** The key that authenticated (the caller). */
    sipUser: text('sip_user').notNull(),
    /** What was dialled (the Request-URI's user): a number, a bind id or a key. */
    number: text('number').notNull(),
    /** The bind the INVITE named, '' for none. */
    bindId: text('bind_id').notNull().default(''),
    /** callInterceptReasons of the contract. */
    reason: text('reason').notNull(),
    sourceIp: text('source_ip').notNull().default(''),
    /** The refused INVITE's SIP Call-ID: its repeats (UDP retransmissions) write no second row. */
    callId: text('call_id').notNull().default(''),
    createdAt: createdAt(),
  },
  (t) => [
    sameTenant('call_intercepts_dept_id_fkey', t, t.deptId, departments),
    sameTenant('call_intercepts_user_id_fkey', t, t.userId, users),
    index('call_intercepts_tenant_created_idx').on(t.tenantId, t.createdAt.desc(), t.id.desc()),
    index('call_intercepts_tenant_user_created_idx').on(t.tenantId, t.userId, t.createdAt),
    uniqueIndex('call_intercepts_tenant_call_idx').on(t.tenantId, t.callId).where(sql`call_id <> ''`),
  ],
);
