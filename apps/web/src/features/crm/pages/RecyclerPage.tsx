import { useQuery } from '@tanstack/react-query';
import { crmRoutes, type TResponseOf } from '@yunhu/contract';
import { Modal } from 'antd';
import { Link } from 'react-router-dom';
import * as t from '../../../locales/zh-CN';
import { Phone } from '../../../shared/components/Phone';
import { call } from '../../../shared/http/api';
import { withDayPair } from '../../../shared/list/dayRange';
import { DateRangeFilter, KeywordFilter, TextFilter } from '../../../shared/list/FilterItems';
import { ListPage } from '../../../shared/list/ListPage';
import { timeColumn } from '../../../shared/list/timeColumn';
import { actionsColumn, type TListColumn } from '../../../shared/list/types';
import { recyclePageKey } from '../api';
import { useBatchRunner } from '../components/BatchResult';
import { PurgeAllButton, RecycleBatchActions, RecycleRowActions } from '../components/RecycleActions';
import { CustomerTags, LevelTag } from '../format';

const c = t.crm;
type TEntry = TResponseOf<typeof crmRoutes.recyclePage>['records'][number];

/** 回收站 (CRM/recycler): deleted customers, to recover whole or delete for good. */
export const RecyclerPage = () => {
  const { run, node } = useBatchRunner();
  const [modal, modalNode] = Modal.useModal();
  // The bin's size for 清空回收站's question; refreshed with the list (same key prefix).
  const count = useQuery({
    queryKey: [recyclePageKey, 'count'],
    queryFn: () => call(crmRoutes.recyclePage, { page: 1, limit: 1 }),
  });
  const columns: TListColumn<TEntry>[] = [
    {
      key: 'name',
      title: c.name,
      dataIndex: 'name',
      render: (v: string, r) => <Link to={`/menu/CRM/recyclerDetail?id=${r.id}`}>{v}</Link>,
    },
    {
      key: 'mobile',
      title: c.mobile,
      dataIndex: 'mobile',
      render: (v: string, r) => <Phone value={v} isRevealable={!r.isMobileMasked} />,
    },
    { key: 'company', title: c.company, dataIndex: 'company', render: (v: string) => v || c.none },
    {
      key: 'intentionLevel',
      title: c.level,
      dataIndex: 'intentionLevel',
      render: (v: TEntry['intentionLevel']) => <LevelTag value={v} />,
    },
    { key: 'tags', title: c.tags, render: (_v, r) => <CustomerTags tags={r.tags} /> },
    { key: 'ownerName', title: c.owner, dataIndex: 'ownerName', render: (v: string | null) => v ?? c.inPool },
    timeColumn(c.lastFollow, { key: 'lastFollowAt', empty: c.none, isHiddenByDefault: true }),
    {
      key: 'deletedByName',
      title: c.deletedBy,
      dataIndex: 'deletedByName',
      render: (v: string | null) => v ?? c.systemJob,
    },
    timeColumn(c.deletedAt, { key: 'deletedAt', empty: c.none }),
    ...actionsColumn<TEntry>(true, c.actions, (r) => (
      <RecycleRowActions id={r.id} name={r.name} run={run} confirm={modal.confirm} />
    )),
  ];
  return (
    <>
      <ListPage
        pageKey={recyclePageKey}
        title={c.recycler}
        route={crmRoutes.recyclePage}
        columns={columns}
        toRequest={withDayPair('deletedRange')}
        toolbar={<PurgeAllButton total={count.data?.total ?? 0} run={run} confirm={modal.confirm} />}
        batchActions={(rows, clear) => (
          <RecycleBatchActions ids={rows.map((r) => r.id)} run={run} confirm={modal.confirm} onDone={clear} />
        )}
        filters={
          <>
            <KeywordFilter placeholder={c.keywordPlaceholder} width={190} />
            <TextFilter name="mobile" label={c.mobile} placeholder={c.mobilePlaceholder} width={140} />
            <DateRangeFilter name="deletedRange" label={c.deletedRange} allowEmpty={[true, true]} />
          </>
        }
      />
      {modalNode}
      {node}
    </>
  );
};
