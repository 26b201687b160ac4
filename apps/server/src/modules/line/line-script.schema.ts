import { index, pgTable, primaryKey } from 'drizzle-orm/pg-core';
import { ref, sameTenant, tenantId, ts } from '../../db/columns.js';
import { resourceItems } from '../resource/resource.schema.js';
import { lineRef } from './line.schema.js';

/**
 * 线路话术: the enterprise's script for calls on one of the platform's lines (migration 0095), shown
 * first in the side panel; gone with the script.
 */
export const lineScripts = pgTable(
  'line_scripts',
  {
    tenantId: tenantId(),
    lineId: lineRef(),
    scriptId: ref('script_id').notNull(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    sameTenant('line_scripts_script_id_fkey', t, t.scriptId, resourceItems, 'cascade'),
    primaryKey({ columns: [t.tenantId, t.lineId] }),
    index('line_scripts_script_idx').on(t.scriptId),
  ],
);
