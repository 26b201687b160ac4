import { z } from 'zod';
import { zInt, zString } from './http.js';

export { importListedRows } from './import-labels.js';

/**
 * The one import protocol: every import (customers, follow-ups, staff, black-list) reads
 * its file the same way and its preview says the same things besides its own counts, so one
 * `ImportModal` shows them all.
 */

/** Data rows shown as read, under the header, in the preview. */
export const importSampleRows = 10;

/** The header row and the first rows under it, as read (folded to half-width, trimmed). */
export const ZImportSample = z.object({
  header: z.array(zString),
  rows: z.array(z.object({ row: zInt, values: z.array(zString) })),
});
export type TImportSample = z.infer<typeof ZImportSample>;

export const ZImportReasonCount = z.object({ reason: zString, count: zInt });

/** What every preview says about the file as read, whatever the import. */
export const ZImportRead = z.object({
  sample: ZImportSample,
  /** Rows with nothing in them between the header and the last row: not data, said so. */
  blankRows: zInt,
  /** Header cells that match no column of the template: their cells are not imported. */
  ignoredColumns: z.array(zString),
  /** Bad rows per kind of reason (a row with two reasons counts under both), most first. */
  reasonCounts: z.array(ZImportReasonCount),
  /** The rows a confirm will write (valid rows, less those it will skip): the confirm button's count. */
  toWrite: zInt,
});
export type TImportRead = z.infer<typeof ZImportRead>;

/** Where a staged import stands: reading the file, waiting for confirm, writing, ended or failed. */
export const ZImportStatus = z.enum(['checking', 'previewed', 'running', 'done', 'failed']);
export type TImportStatus = z.infer<typeof ZImportStatus>;

/**
 * Where an import stands, whatever it imports: its batch, status, the rows the check let through
 * and refused, how far the confirm got, and why it failed ('' otherwise). Each import adds its own
 * counts.
 */
export const ZImportProgress = z.object({
  batchId: zString,
  status: ZImportStatus,
  total: zInt,
  validCount: zInt,
  invalidCount: zInt,
  /** Valid rows gone through so far (written or skipped): the progress, and where a resumed import goes on. */
  processed: zInt,
  message: zString,
});

/** A refused row of an import: its row number in the file and why. */
export const ZImportError = z.object({ row: zInt, reason: zString });

/** An import's preview: its state, the first refused rows (all of them downloadable) and what was read of the file. */
export const zImportPreview = <T extends z.ZodRawShape>(state: z.ZodObject<T>) =>
  state.extend({ errors: z.array(ZImportError), ...ZImportRead.shape });

/** A staged import named by its batch (the confirm, its progress, its report). */
export const ZImportBatchRef = z.object({ batchId: z.string().uuid('导入批次不正确') });

/** An empty `ZImportRead`, for an answer that read no file. */
export const noImportRead: TImportRead = {
  sample: { header: [], rows: [] },
  blankRows: 0,
  ignoredColumns: [],
  reasonCounts: [],
  toWrite: 0,
};
