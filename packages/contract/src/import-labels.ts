// The import area's labels, lists and plain rules, apart from its zod schemas so the web reaches
// them without zod, so the first load stays small; import.ts re-exports them under the same names.

/** Bad rows listed in a preview (the downloadable result has every row). */
export const importListedRows = 200;
