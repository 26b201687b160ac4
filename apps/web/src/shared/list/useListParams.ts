import dayjs from 'dayjs';
import { useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import type { TSortParams } from './types';

type TValues = Record<string, unknown>;

/** A list's state as its route's query holds it: the filter form's values, sort and page. */
export type TListParams = {
  /** The filter form's values applied, or undefined for none applied (the list's default filter). */
  values: TValues | undefined;
  sort: TSortParams;
  paging: { page: number; limit: number };
};

export type TListParamsOptions = {
  /**
   * Names this list's query parameters (`<urlKey>.page`…) so two lists on one screen (tabs) keep
   * their own; without it they are `page`, `perPage`, `sort`, `order` and `filter`.
   */
  urlKey?: string;
  /** Keeps the state in the component, not the URL: a list in a drawer, a modal or a picker. */
  isLocal?: boolean;
  defaultSort?: TSortParams;
  pageSize: number;
};

// A date the filter form holds (a dayjs) is written as {"$d": "2026-11-25"} and read back as a dayjs.
const dateTag = '$d';

const encode = (value: unknown): unknown => {
  if (dayjs.isDayjs(value)) {
    return { [dateTag]: value.isSame(value.startOf('day')) ? value.format('YYYY-MM-DD') : value.format() };
  }
  if (Array.isArray(value)) return value.map(encode);
  if (value !== null && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, encode(v)]));
  }
  return value;
};

const decode = (value: unknown): unknown => {
  if (Array.isArray(value)) return value.map(decode);
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value);
    const [first] = entries;
    if (entries.length === 1 && first?.[0] === dateTag && typeof first[1] === 'string') return dayjs(first[1]);
    return Object.fromEntries(entries.map(([k, v]) => [k, decode(v)]));
  }
  return value;
};

const isBlank = (v: unknown) => v === undefined || v === null || v === '' || (Array.isArray(v) && v.length === 0);

/** The filter form's values as the `filter` parameter: empty values left out, none at all for no filter. */
export const encodeFilter = (values: TValues | undefined): string | undefined => {
  const kept = Object.entries(values ?? {}).filter(([, v]) => !isBlank(v));
  return kept.length > 0 ? JSON.stringify(encode(Object.fromEntries(kept))) : undefined;
};

/** The `filter` parameter as form values; a hand-edited one that does not parse counts as none. */
export const decodeFilter = (text: string | null | undefined): TValues | undefined => {
  if (!text) return undefined;
  try {
    const parsed: unknown = JSON.parse(text);
    return parsed !== null && typeof parsed === 'object' && !Array.isArray(parsed)
      ? (decode(parsed) as TValues)
      : undefined;
  } catch {
    return undefined;
  }
};

const positive = (text: string | null, fallback: number, max: number) => {
  const n = Number(text);
  return Number.isInteger(n) && n >= 1 && n <= max ? n : fallback;
};

const names = (urlKey: string | undefined) => {
  const name = (key: string) => (urlKey ? `${urlKey}.${key}` : key);
  return {
    page: name('page'),
    perPage: name('perPage'),
    sort: name('sort'),
    order: name('order'),
    filter: name('filter'),
  };
};

/** Reads a list's state from the query; what a parameter leaves out is the default. */
export const readListParams = (query: URLSearchParams, options: TListParamsOptions): TListParams => {
  const n = names(options.urlKey);
  const sortField = query.get(n.sort);
  const sort: TSortParams =
    sortField === null
      ? (options.defaultSort ?? {})
      : sortField === ''
        ? {}
        : { sortField, sortOrder: query.get(n.order) === 'asc' ? 'ascend' : 'descend' };
  return {
    values: decodeFilter(query.get(n.filter)),
    sort,
    paging: {
      page: positive(query.get(n.page), 1, 100_000),
      limit: positive(query.get(n.perPage), options.pageSize, 1000),
    },
  };
};

/** Writes a list's state into the query, leaving the defaults out and the other parameters as they are. */
export const writeListParams = (query: URLSearchParams, state: TListParams, options: TListParamsOptions) => {
  const next = new URLSearchParams(query);
  const n = names(options.urlKey);
  const put = (key: string, value: string | undefined) =>
    value === undefined ? next.delete(key) : next.set(key, value);
  const { sortField, sortOrder } = state.sort;
  const isDefaultSort =
    (sortField ?? '') === (options.defaultSort?.sortField ?? '') &&
    (sortField === undefined || sortOrder === options.defaultSort?.sortOrder);
  // An empty `sort` says "no sort" when the list has a default one.
  put(n.sort, isDefaultSort ? undefined : (sortField ?? ''));
  put(n.order, isDefaultSort || !sortField ? undefined : sortOrder === 'ascend' ? 'asc' : 'desc');
  put(n.page, state.paging.page === 1 ? undefined : String(state.paging.page));
  put(n.perPage, state.paging.limit === options.pageSize ? undefined : String(state.paging.limit));
  put(n.filter, encodeFilter(state.values));
  return next;
};

/**
 * A list's filter, sort and page kept in the hash route's query (react-admin's `useListParams`), so a
 * refresh, back and forward and a shared link show the same list. Each change is a history entry; the
 * filter is applied on 查询, not while typing, so it needs no debounce.
 */
export const useListParams = (options: TListParamsOptions) => {
  const [query, setQuery] = useSearchParams();
  const [local, setLocal] = useState<TListParams>(() => readListParams(new URLSearchParams(), options));
  const params = options.isLocal ? local : readListParams(query, options);
  const change = (next: Partial<TListParams>) => {
    const state = { ...params, ...next };
    if (options.isLocal) setLocal(state);
    else setQuery((current) => writeListParams(current, state, options));
  };
  return { params, change };
};
