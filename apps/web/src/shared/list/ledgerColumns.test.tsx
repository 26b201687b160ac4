import { render } from '@testing-library/react';
import { ledgerKindLabel, type TLedgerEntry } from '@yunhu/contract';
import type { ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import { ledgerColumns } from './ledgerColumns';

const titles = {
  time: '时间',
  kind: '类型',
  amount: '变动金额',
  balanceAfter: '余额',
  bizKey: '单号',
  remark: '说明',
  operator: '操作人',
};
const cell = (key: string, value: unknown) => {
  const column = ledgerColumns(titles, (v) => `t${v}`).find((c) => c.key === key);
  return column?.render?.(value, {} as TLedgerEntry, 0) as ReactNode;
};

describe('ledgerColumns', () => {
  it('names the columns as the screen says and writes the time its way', () => {
    expect(ledgerColumns(titles, String).map((c) => c.title)).toEqual(Object.values(titles));
    expect(cell('createdAt', 5)).toBe('t5');
    expect(cell('kind', 'recharge')).toBe(ledgerKindLabel.recharge);
  });

  it('shows money out in red and money in in green', () => {
    const out = render(<span>{cell('amount', -150)}</span>).container;
    expect(out.querySelector('.ant-typography-danger')).not.toBeNull();
    const inn = render(<span>{cell('amount', 150)}</span>).container;
    expect(inn.querySelector('.ant-typography-success')).not.toBeNull();
  });
});
