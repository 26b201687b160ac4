import type { TImportStatus } from '@yunhu/contract';
import type { TBatchRow } from './import.repository.js';

/** What every import's state says of its batch (the contract's ZImportProgress); each area adds its own counts. */
export const batchProgress = (row: TBatchRow) => ({
  batchId: row.id,
  status: row.status as TImportStatus,
  total: row.total,
  // The rows a confirm goes through (those listed meanwhile included): the progress's whole.
  validCount: row.validCount,
  invalidCount: row.invalidCount,
  processed: row.processed,
  message: row.message,
});
