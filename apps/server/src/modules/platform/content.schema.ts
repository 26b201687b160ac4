import { bigserial, integer, pgTable, primaryKey, text, unique } from 'drizzle-orm/pg-core';
import { tenantId, ts } from '../../db/columns.js';

/** The platform's contract with an enterprise (findContract): one current contract per enterprise. */
export const enterpriseContracts = pgTable(
  'enterprise_contracts',
  {
    id: bigserial('id', { mode: 'number' }).notNull(),
    tenantId: tenantId().unique(),
    contractNo: text('contract_no').notNull(),
    signedAt: ts('signed_at').notNull(),
    seats: integer('seats').notNull(),
    /** Price per seat per month, in fen (DESIGN.md section 3). */
    seatPrice: integer('seat_price').notNull(),
    startAt: ts('start_at').notNull(),
    endAt: ts('end_at').notNull(),
    remark: text('remark').notNull().default(''),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ name: 'enterprise_contracts_pkey', columns: [t.id, t.tenantId] }),
    unique('enterprise_contracts_contract_no_unique').on(t.contractNo, t.tenantId),
  ],
);
