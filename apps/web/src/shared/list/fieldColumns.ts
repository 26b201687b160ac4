import type { TListColumn } from './types';

/**
 * Columns that show fields as they are: each field named once (its key and what it reads), under the
 * title given, in the order given. The field names are checked against the row's type.
 */
export const fieldColumns = <T>(titles: { [K in keyof T & string]?: string }): TListColumn<T>[] =>
  Object.entries(titles).map(([key, title]) => ({ key, title: title as string, dataIndex: key }));
