// The line area's labels, lists and plain rules, apart from its zod schemas so the web reaches
// them without zod (issue 13 first load); line.ts re-exports them under the same names.

export const numberStates = ['free', 'distributed'] as const;
