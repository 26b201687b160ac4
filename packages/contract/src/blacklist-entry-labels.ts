// The blacklist-entry area's labels, lists and plain rules, apart from its zod schemas so the web reaches
// them without zod, so the first load stays small; blacklist-entry.ts re-exports them under the same names.

/** How an entry got onto the list. */
export const blackSources = ['manual', 'batch', 'import'] as const;

export const blackStatuses = ['active', 'expired'] as const;

export const blacklistLimits = {
  /** Numbers pasted at once (批量添加). */
  maxBatch: 1000,
  /** Numbers checked at once (user-black-check/list). */
  maxCheck: 500,
  importMaxRows: 50_000,
  importMaxBytes: 10 * 1024 * 1024,
  /** Bad and skipped rows listed in the import answer (the counts cover all of them). */
  importListed: 500,
  reasonMax: 200,
};
