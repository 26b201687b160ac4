import { text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, ref, sameTenant, tenantTable, ts } from '../../db/columns.js';
import { users } from '../org/org.schema.js';

/**
 * A person's soft-phone SIP account: the key Kamailio knows him by and the password the
 * page registers with. The password is kept, not hashed, because the page fetches it every time it
 * goes online; Kamailio only ever receives the HA1 (docs/decisions/0004-sip-credentials.md).
 */
export const sipAccounts = tenantTable(
  'sip_accounts',
  {
    userId: ref('user_id').notNull(),
    /** `<enterprise code>-<user id>`: unique on the platform, its prefix keeps calls inside one enterprise. */
    sipUser: text('sip_user').notNull(),
    password: text('password').notNull(),
    createdAt: createdAt(),
    rotatedAt: ts('rotated_at'),
  },
  (t) => [
    sameTenant('sip_accounts_user_id_users_id_fk', t, t.userId, users),
    uniqueIndex('sip_accounts_sip_user_idx').on(t.sipUser, t.tenantId),
    uniqueIndex('sip_accounts_user_idx').on(t.userId, t.tenantId),
  ],
);
