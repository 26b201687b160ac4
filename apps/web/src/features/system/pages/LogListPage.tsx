import { Perm, systemRoutes, type TOperationLog } from '@yunhu/contract';
import { Button } from 'antd';
import { useNavigate } from 'react-router-dom';
import * as t from '../../../locales/zh-CN';
import { dayRangeOf } from '../../../shared/list/dayRange';
import { DateRangeFilter, SelectFilter, TextFilter } from '../../../shared/list/FilterItems';
import { ListPage } from '../../../shared/list/ListPage';
import { tagColumn } from '../../../shared/list/tagColumn';
import { timeColumn } from '../../../shared/list/timeColumn';
import { actionsColumn, type TListColumn } from '../../../shared/list/types';

const resultColor = { success: 'green', failure: 'red', pending: 'default' } as const;
// pending: the action was running when the row was read, or its process died in it.
const resultLabel = { success: t.log.success, failure: t.log.failure, pending: t.log.pending };

/** The time range picker becomes startTime/endTime (epoch ms) for the server. */
const toRequest = ({ range, ...rest }: Record<string, unknown>) => {
  const { from, to } = dayRangeOf(range);
  return { ...rest, startTime: from, endTime: to };
};

type TLogListPageProps = {
  /** Fixes the list to one module (操作记录 of an area); its filter is then not offered. */
  module?: string;
  pageKey?: string;
  title?: string;
};

export const LogListPage = ({ module, pageKey = 'logcom', title = t.log.title }: TLogListPageProps) => {
  const navigate = useNavigate();
  const open = (row: TOperationLog) => navigate(`/menu/add?id=${row.id}`);
  const columns: TListColumn<TOperationLog>[] = [
    timeColumn(t.log.createdAt, { format: 'YYYY-MM-DD HH:mm:ss', sortField: 'createdAt' }),
    { key: 'userName', title: t.log.userName, dataIndex: 'userName', sortField: 'userName' },
    { key: 'realName', title: t.log.realName, dataIndex: 'realName' },
    { key: 'module', title: t.log.module, dataIndex: 'module', sortField: 'module' },
    { key: 'summary', title: t.log.summary, dataIndex: 'summary' },
    { key: 'ip', title: t.log.ip, dataIndex: 'ip' },
    { key: 'route', title: t.log.route, dataIndex: 'route', isHiddenByDefault: true },
    tagColumn(t.log.result, 'result', { labels: resultLabel, colors: resultColor }),
    { key: 'message', title: t.log.message, dataIndex: 'message', ellipsis: true },
    ...actionsColumn<TOperationLog>(true, '', (row) => (
      <Button
        type="link"
        size="small"
        onClick={(e) => {
          e.stopPropagation();
          open(row);
        }}
      >
        {t.common.view}
      </Button>
    )),
  ];
  return (
    <ListPage
      pageKey={pageKey}
      title={title}
      params={module ? { module } : undefined}
      route={systemRoutes.logPage}
      columns={columns}
      toRequest={toRequest}
      export={{ route: systemRoutes.logExport, fileName: t.log.exportName, permission: Perm.logExport }}
      onRowClick={open}
      filters={
        <>
          <TextFilter name="userName" label={t.log.userName} placeholder={t.log.userNamePlaceholder} width={140} />
          {!module && (
            <TextFilter name="module" label={t.log.module} placeholder={t.log.modulePlaceholder} width={140} />
          )}
          <SelectFilter
            name="result"
            label={t.log.result}
            width={110}
            options={[
              { value: 'success', label: t.log.success },
              { value: 'failure', label: t.log.failure },
              { value: 'pending', label: t.log.pending },
            ]}
          />
          <DateRangeFilter name="range" label={t.log.timeRange} />
        </>
      }
    />
  );
};
