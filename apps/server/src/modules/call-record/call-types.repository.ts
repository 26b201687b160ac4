import { sql } from 'drizzle-orm';
import { callRecords as r } from '../../db/schema.js';

/** call_records.call_type of the dial flow's calls (外呼): the only ones the roll-ups keep (migration 0040). */
export const rolledUpCallType = 1;

/**
 * Which calls the figures count — the home's, 话务统计's and those above 通话记录 — is one rule:
 * every call type, as 通话记录 lists them (an internal key-to-key call is a call an agent made and
 * talked on). The roll-ups keep outbound calls only, so every query reads the outbound ones from the
 * roll-ups (and the records at the range's partial ends) and the others from the records over the
 * whole range: few, on their own index.
 */
export const isRolledUpCall = sql`${r.callType} = ${rolledUpCallType}`;
export const isNotRolledUpCall = sql`${r.callType} <> ${rolledUpCallType}`;
