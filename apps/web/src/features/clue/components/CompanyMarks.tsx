import type { TClueRow } from '@yunhu/contract';
import { Tag } from 'antd';
import * as t from '../../../locales/zh-CN';

const c = t.clue;

/** 省 市 区 without the city repeated for a municipality (北京市 北京市 朝阳区 → 北京市 朝阳区). */
export const placeOf = (r: Pick<TClueRow, 'province' | 'city' | 'district'>) =>
  [r.province, r.city === r.province ? '' : r.city, r.district].filter(Boolean).join(' ');

/**
 * What this enterprise already has of a company: on its company black-list, its contacts unlocked, a
 * customer of its name.
 */
export const CompanyMarks = ({
  row,
}: {
  row: Pick<TClueRow, 'isUnlocked' | 'isCustomer' | 'isBlacklisted' | 'status'>;
}) => (
  <>
    {row.isBlacklisted && <Tag color="red">{c.blacklisted}</Tag>}
    {row.status !== '存续' && <Tag>{row.status}</Tag>}
    {row.isUnlocked && <Tag color="green">{c.unlocked}</Tag>}
    {row.isCustomer && <Tag color="blue">{c.customer}</Tag>}
  </>
);
