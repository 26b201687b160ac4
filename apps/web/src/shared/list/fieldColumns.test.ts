import { describe, expect, it } from 'vitest';
import { fieldColumns } from './fieldColumns';

type TRow = { name: string; mobile: string; total: number };

describe('fieldColumns', () => {
  it('makes one column a field, keyed and read by the field, titled as given, in the order given', () => {
    const columns = fieldColumns<TRow>({ mobile: '手机号', name: '姓名' });
    expect(columns).toEqual([
      { key: 'mobile', title: '手机号', dataIndex: 'mobile' },
      { key: 'name', title: '姓名', dataIndex: 'name' },
    ]);
  });

  it('shows the value as it is (no render of its own)', () => {
    const [total] = fieldColumns<TRow>({ total: '总数' });
    expect(total?.render).toBeUndefined();
  });

  it('refuses a field the row does not have', () => {
    // @ts-expect-error `phone` is not a field of TRow
    fieldColumns<TRow>({ phone: '电话' });
  });
});
