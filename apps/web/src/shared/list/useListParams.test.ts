import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import { decodeFilter, encodeFilter, readListParams, writeListParams } from './useListParams';

const options = { pageSize: 20, defaultSort: { sortField: 'createdAt', sortOrder: 'descend' as const } };
const defaults = { values: undefined, sort: options.defaultSort, paging: { page: 1, limit: 20 } };

describe('useListParams query codec', () => {
  it('writes nothing for the defaults and keeps the query parameters of others', () => {
    const query = writeListParams(new URLSearchParams('id=5'), defaults, options);
    expect(query.toString()).toBe('id=5');
    expect(readListParams(query, options)).toEqual(defaults);
  });

  it('writes a filter, sort and page that read back the same, dates as days', () => {
    const state = {
      values: { userName: 'admin', range: [dayjs('2026-11-01'), dayjs('2026-11-03')], ip: '', deptIds: [] },
      sort: { sortField: 'userName', sortOrder: 'ascend' as const },
      paging: { page: 3, limit: 50 },
    };
    const query = writeListParams(new URLSearchParams(), state, options);
    expect(Object.fromEntries(query)).toEqual({
      sort: 'userName',
      order: 'asc',
      page: '3',
      perPage: '50',
      filter: '{"userName":"admin","range":[{"$d":"2026-11-01"},{"$d":"2026-11-03"}]}',
    });
    const back = readListParams(query, options);
    expect(back.sort).toEqual(state.sort);
    expect(back.paging).toEqual(state.paging);
    expect(back.values?.userName).toBe('admin');
    const [from, to] = (back.values?.range ?? []) as dayjs.Dayjs[];
    expect(from?.format('YYYY-MM-DD')).toBe('2026-11-01');
    expect(to?.format('YYYY-MM-DD')).toBe('2026-11-03');
  });

  it('says "no sort" with an empty sort when the list has a default one', () => {
    const query = writeListParams(new URLSearchParams(), { ...defaults, sort: {} }, options);
    expect(query.toString()).toBe('sort=');
    expect(readListParams(query, options).sort).toEqual({});
  });

  it('names the parameters of a list with a urlKey, beside another list', () => {
    const other = writeListParams(new URLSearchParams(), { ...defaults, paging: { page: 2, limit: 20 } }, options);
    const query = writeListParams(
      other,
      { ...defaults, values: { kind: 'seat' }, paging: { page: 4, limit: 20 } },
      { ...options, urlKey: 'refunds' },
    );
    expect(Object.fromEntries(query)).toEqual({ page: '2', 'refunds.page': '4', 'refunds.filter': '{"kind":"seat"}' });
    expect(readListParams(query, options).paging.page).toBe(2);
    expect(readListParams(query, { ...options, urlKey: 'refunds' }).values).toEqual({ kind: 'seat' });
  });

  it('falls back to the defaults for a hand-edited page or filter that does not parse', () => {
    const query = new URLSearchParams('page=-2&perPage=abc&filter=%7Bnot-json');
    expect(readListParams(query, options)).toEqual(defaults);
    expect(decodeFilter('[1]')).toBeUndefined();
    expect(encodeFilter({ a: '', b: null })).toBeUndefined();
  });
});
