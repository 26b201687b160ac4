import {
  ecSyncKindLabel,
  ecSyncKinds,
  ecSyncRoutes,
  ecSyncStateLabel,
  ecSyncStates,
  type TEcSyncItem,
  type TEcSyncKind,
} from '@yunhu/contract';
import * as t from '../../../locales/zh-CN';
import { ReclickButton } from '../../../shared/components/ReclickButton';
import { feedback } from '../../../shared/feedback';
import { optionsOf } from '../../../shared/form/options';
import { withDayRange } from '../../../shared/list/dayRange';
import { DateRangeFilter, SelectFilter } from '../../../shared/list/FilterItems';
import { ListPage } from '../../../shared/list/ListPage';
import { tagColumn } from '../../../shared/list/tagColumn';
import { timeColumn } from '../../../shared/list/timeColumn';
import { actionsColumn, type TListColumn } from '../../../shared/list/types';
import { ecSyncKeys, useRetryItem } from '../api';

const c = t.ecSync;
const stateOptions = optionsOf(ecSyncStates, ecSyncStateLabel);
const kindOptions = optionsOf(ecSyncKinds, ecSyncKindLabel);

/** 同步日志: each item carried to EC (or pulled from it) with its result, filtered by state, kind and time; 重新同步. */
export const EcSyncLogPage = () => {
  const retry = useRetryItem();
  const onRetry = async (row: TEcSyncItem) => {
    // Queued again, or already waiting after another click: either way it is sent once.
    if (await retry.mutateAsync(row.id).catch(() => null)) feedback.message.success(c.retried);
  };
  const columns: TListColumn<TEcSyncItem>[] = [
    timeColumn(c.createdAt, { format: 'YYYY-MM-DD HH:mm:ss' }),
    { key: 'kind', title: c.kind, dataIndex: 'kind', render: (v: TEcSyncKind) => ecSyncKindLabel[v] },
    { key: 'subject', title: c.subject, dataIndex: 'subject' },
    tagColumn(c.state, 'state', {
      labels: ecSyncStateLabel,
      colors: { pending: 'default', retrying: 'processing', succeeded: 'success', failed: 'error' },
    }),
    { key: 'lastError', title: c.error, dataIndex: 'lastError' },
    { key: 'ecId', title: c.ecId, dataIndex: 'ecId' },
    { key: 'attempts', title: c.attempts, dataIndex: 'attempts' },
    timeColumn(c.nextAttemptAt, { key: 'nextAttemptAt', format: 'YYYY-MM-DD HH:mm:ss' }),
    ...actionsColumn<TEcSyncItem>(true, c.actions, (row) =>
      row.state === 'failed' ? (
        <ReclickButton type="link" size="small" onClick={() => onRetry(row)} data-testid={`ec-retry-${row.id}`}>
          {c.retry}
        </ReclickButton>
      ) : null,
    ),
  ];
  return (
    <ListPage
      pageKey={ecSyncKeys.items}
      title={c.logTitle}
      hint={c.logHint}
      route={ecSyncRoutes.itemPage}
      columns={columns}
      toRequest={withDayRange}
      filters={
        <>
          <SelectFilter name="state" label={c.state} options={stateOptions} width={120} />
          <SelectFilter name="kind" label={c.kind} options={kindOptions} width={120} />
          <DateRangeFilter name="range" label={c.range} />
        </>
      }
    />
  );
};
