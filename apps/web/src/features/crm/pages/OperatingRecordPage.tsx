import { crmRoutes, ownerActionLabel, ownerActions, type TResponseOf } from '@yunhu/contract';
import { Link } from 'react-router-dom';
import * as t from '../../../locales/zh-CN';
import { ColleagueFilter } from '../../../shared/customers';
import { optionsOf } from '../../../shared/form/options';
import { withDayPair } from '../../../shared/list/dayRange';
import { DateRangeFilter, SelectFilter, TextFilter } from '../../../shared/list/FilterItems';
import { ListPage } from '../../../shared/list/ListPage';
import { tagColumn } from '../../../shared/list/tagColumn';
import { timeColumn } from '../../../shared/list/timeColumn';
import type { TListColumn } from '../../../shared/list/types';
import { ownerLogPageKey } from '../api';
import { detailPath } from '../components/customerColumns';

const c = t.crm;
type TLog = TResponseOf<typeof crmRoutes.ownerLogPage>['records'][number];

const actionColor: Partial<Record<TLog['action'], string>> = {
  allocate: 'blue',
  claim: 'green',
  release: 'orange',
  auto_release: 'gold',
  transfer: 'purple',
  recycle: 'red',
  recover: 'cyan',
};

/** 客户操作记录 (CRM/operatingRecord): who moved which customer where, when and why. */
export const OperatingRecordPage = () => {
  const columns: TListColumn<TLog>[] = [
    timeColumn(c.logTime, { empty: c.none }),
    {
      key: 'customerName',
      title: c.logCustomer,
      dataIndex: 'customerName',
      // A recycled customer lives in the bin; others open in the private pool (the page falls back to "not found").
      render: (v: string, r) =>
        r.action === 'recycle' ? (
          <Link to={`/menu/CRM/recyclerDetail1?id=${r.customerId}`}>{v}</Link>
        ) : (
          <Link to={detailPath(r.customerId, r.toUserName === null ? 'public' : 'private')}>{v}</Link>
        ),
    },
    tagColumn(c.logAction, 'action', { labels: ownerActionLabel, colors: actionColor }),
    // No person on a side means the public pool, or the recycle bin for a deletion and a recovery.
    {
      key: 'from',
      title: c.logFrom,
      dataIndex: 'fromUserName',
      render: (v: string | null, r) => v ?? (r.action === 'recover' ? c.recycler : c.inPool),
    },
    {
      key: 'to',
      title: c.logTo,
      dataIndex: 'toUserName',
      render: (v: string | null, r) => v ?? (r.action === 'recycle' ? c.recycler : c.inPool),
    },
    {
      key: 'operator',
      title: c.logOperator,
      dataIndex: 'operatorName',
      render: (v: string | null) => v ?? c.systemJob,
    },
    { key: 'reason', title: c.logReason, dataIndex: 'reason', render: (v: string) => v || c.none },
  ];
  return (
    <ListPage
      pageKey={ownerLogPageKey}
      title={c.operatingRecord}
      route={crmRoutes.ownerLogPage}
      columns={columns}
      toRequest={withDayPair('range')}
      filters={
        <>
          <TextFilter name="keyword" label={c.logCustomer} placeholder={c.logKeyword} width={170} />
          <SelectFilter
            name="action"
            label={c.logAction}
            width={140}
            options={optionsOf(ownerActions, ownerActionLabel)}
          />
          <ColleagueFilter name="operatorId" label={c.logOperator} />
          <DateRangeFilter name="range" label={c.range} allowEmpty={[true, true]} />
        </>
      }
    />
  );
};
