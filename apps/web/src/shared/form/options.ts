import type { ReactNode } from 'react';

/** Select options of a fixed list of values, in the list's order, each shown with its label. */
export const optionsOf = <V extends string | number, L extends ReactNode>(
  values: readonly V[],
  labels: { readonly [K in V]: L },
) => values.map((value) => ({ value, label: labels[value] }));

/** Select options of rows that have an id and a name (lines, roles, tags, enterprises). */
export const namedOptions = <V extends string | number>(rows: readonly { id: V; name: string }[]) =>
  rows.map((row) => ({ value: row.id, label: row.name }));

/** The two options of a yes-or-no condition ('yes' / 'no'), each in the screen's words. */
export const yesNoOptions = (yes: ReactNode, no: ReactNode) => [
  { value: 'yes', label: yes },
  { value: 'no', label: no },
];

/** Select options of people: the user id, shown by the real name. */
export const personOptions = (people: readonly { userId: number; realName: string }[]) =>
  people.map((p) => ({ value: p.userId, label: p.realName }));
