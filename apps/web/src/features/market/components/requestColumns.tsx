import {
  marketRequestStateLabel,
  marketRequestStates,
  type TMarketRequest,
  type TMarketRequestState,
} from '@yunhu/contract';
import * as t from '../../../locales/zh-CN';
import { optionsOf } from '../../../shared/form/options';
import { EnterpriseFilter, SelectFilter } from '../../../shared/list/FilterItems';
import { tagColumn } from '../../../shared/list/tagColumn';
import { timeColumn } from '../../../shared/list/timeColumn';
import type { TListColumn } from '../../../shared/list/types';

export const requestStateColor: Record<TMarketRequestState, string> = {
  pending: 'orange',
  contacted: 'blue',
  done: 'green',
  rejected: 'default',
};

/** The columns both lists show; the platform's adds the enterprise and who asked. */
export const requestColumns = (isPlatform: boolean): TListColumn<TMarketRequest>[] => [
  { key: 'itemName', title: t.market.itemName, dataIndex: 'itemName' },
  { key: 'vendor', title: t.market.vendor, dataIndex: 'vendor' },
  ...(isPlatform
    ? [
        { key: 'enterpriseName', title: t.market.enterprise, dataIndex: 'enterpriseName' },
        { key: 'author', title: t.market.author, dataIndex: 'author' },
      ]
    : []),
  { key: 'contactName', title: t.market.contactName, dataIndex: 'contactName' },
  { key: 'phone', title: t.market.phone, dataIndex: 'phone' },
  { key: 'note', title: t.market.note, dataIndex: 'note', ellipsis: true },
  tagColumn<TMarketRequest, TMarketRequestState>(t.market.state, 'state', {
    labels: marketRequestStateLabel,
    colors: requestStateColor,
  }),
  { key: 'reply', title: t.market.reply, dataIndex: 'reply', ellipsis: true },
  timeColumn(t.market.createdAt),
];

/** The conditions both lists take; the platform's adds the enterprise. */
export const requestFilters = (isPlatform: boolean) => (
  <>
    {isPlatform && <EnterpriseFilter />}
    <SelectFilter
      name="state"
      label={t.market.state}
      width={110}
      options={optionsOf(marketRequestStates, marketRequestStateLabel)}
    />
  </>
);
