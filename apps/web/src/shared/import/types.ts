import type { TImportRead } from '@yunhu/contract';

/** A problem row as every import lists it; the black-list names the number too. */
export type TImportProblem = { row: number; reason: string; number?: string };

/** What the dialog needs of any preview: the counts, the problem rows and the file as read. */
export type TImportPreviewBase = TImportRead & {
  batchId?: string;
  total: number;
  validCount: number;
  invalidCount: number;
  errors: TImportProblem[];
};

/** What the dialog needs of a confirmed import while it runs and once it ended. */
export type TImportRunBase = {
  batchId?: string;
  status: 'checking' | 'previewed' | 'running' | 'done' | 'failed';
  processed: number;
  validCount: number;
  message: string;
};
