// The import area's labels, lists and plain rules, apart from its zod schemas so the web reaches
// them without zod (issue 13 first load); import.ts re-exports them under the same names.

/** Bad rows listed in a preview (the downloadable result has every row). */
export const importListedRows = 200;
