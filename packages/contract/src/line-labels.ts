// The line area's labels, lists and plain rules, apart from its zod schemas so the web reaches
// them without zod, so the first load stays small; line.ts re-exports them under the same names.

export const numberStates = ['free', 'distributed'] as const;
