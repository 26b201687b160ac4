import { blackSources, blackStatuses, type TBlackEntry, type TBlackLevel } from '@yunhu/contract';
import { Button, Space, Tag } from 'antd';
import { useState } from 'react';
import * as t from '../../../locales/zh-CN';
import { optionsOf } from '../../../shared/form/options';
import { withNumberAndDayRange } from '../../../shared/list/dayRange';
import { SelectFilter } from '../../../shared/list/FilterItems';
import { ListPage } from '../../../shared/list/ListPage';
import { NumberDaysFilters } from '../../../shared/list/NumberDaysFilters';
import { RowAction } from '../../../shared/list/RowAction';
import { timeColumn } from '../../../shared/list/timeColumn';
import { actionsColumn, type TListColumn } from '../../../shared/list/types';
import { Permission } from '../../../shared/permission/Permission';
import { beijingFormat } from '../../../shared/time/beijing';
import { listApi, useRemove } from '../api';
import { BatchAddModal } from './BatchAddModal';
import { BlackEntryModal } from './BlackEntryModal';
import { BlackImportModal } from './BlackImportModal';
import { useRemoval } from './useRemoval';

const b = t.blacklist;
const time = (v: number | null) => (v === null ? '' : beijingFormat(v, 'YYYY-MM-DD HH:mm'));

/**
 * One black-list as a managed list: filters (number, status, source, time), add one, batch add,
 * edit, delete, batch delete, import and export, each button behind its permission. The
 * enterprise's list and the platform's share it (`level`).
 */
export const BlacklistList = ({ level, title }: { level: TBlackLevel; title: string }) => {
  const api = listApi[level];
  const remove = useRemove(level);
  const [editing, setEditing] = useState<TBlackEntry | null>(null);
  const [dialog, setDialog] = useState<'entry' | 'batch' | 'import' | null>(null);

  const { confirmRemove, batchActions } = useRemoval({
    remove: (ids) => remove.mutateAsync(ids),
    permission: api.perms.delete,
    testId: 'black-batch-delete',
    texts: b,
  });

  const columns: TListColumn<TBlackEntry>[] = [
    { key: 'number', title: b.number, dataIndex: 'number', sortField: 'number', width: 150 },
    { key: 'reason', title: b.reason, dataIndex: 'reason', ellipsis: true, width: 220 },
    {
      key: 'source',
      title: b.source,
      dataIndex: 'source',
      render: (v: TBlackEntry['source']) => b.sourceLabel[v],
    },
    {
      key: 'status',
      title: b.status,
      render: (_v, e) =>
        e.isExpired ? <Tag>{b.statusLabel.expired}</Tag> : <Tag color="red">{b.statusLabel.active}</Tag>,
    },
    {
      key: 'expiresAt',
      title: b.expiresAt,
      dataIndex: 'expiresAt',
      sortField: 'expiresAt',
      render: (v: number | null) => (v === null ? b.forever : time(v)),
    },
    { key: 'createdBy', title: b.createdBy, dataIndex: 'createdBy' },
    timeColumn(b.createdAt, { sortField: 'createdAt' }),
    { key: 'updatedBy', title: b.updatedBy, dataIndex: 'updatedBy', isHiddenByDefault: true },
    timeColumn(b.updatedAt, { key: 'updatedAt', isHiddenByDefault: true }),
    ...actionsColumn<TBlackEntry>(true, b.actions, (e) => (
      <Space size={0}>
        <Permission value={api.perms.update}>
          <RowAction
            onClick={() => {
              setEditing(e);
              setDialog('entry');
            }}
          >
            {b.edit}
          </RowAction>
        </Permission>
        <Permission value={api.perms.delete}>
          <RowAction isDanger onClick={() => confirmRemove([e.id], b.deleteConfirm(e.number))}>
            {b.delete}
          </RowAction>
        </Permission>
      </Space>
    )),
  ];

  return (
    <>
      <ListPage
        pageKey={api.pageKey}
        title={title}
        route={api.routes.page}
        columns={columns}
        toRequest={withNumberAndDayRange}
        export={{ route: api.routes.exportExcel, permission: api.perms.export }}
        toolbar={
          <>
            <Permission value={api.perms.add}>
              <Button
                type="primary"
                onClick={() => {
                  setEditing(null);
                  setDialog('entry');
                }}
                data-testid="black-add"
              >
                {b.add}
              </Button>
            </Permission>
            <Permission value={api.perms.add}>
              <Button onClick={() => setDialog('batch')} data-testid="black-add-batch">
                {b.addBatch}
              </Button>
            </Permission>
            <Permission value={api.perms.import}>
              <Button onClick={() => setDialog('import')} data-testid="black-import">
                {b.import}
              </Button>
            </Permission>
          </>
        }
        batchActions={batchActions}
        filters={
          <NumberDaysFilters
            numberLabel={b.number}
            numberPlaceholder={b.numberPlaceholder}
            numberTestId="black-filter-number"
            daysLabel={b.createdRange}
          >
            <SelectFilter
              placeholder=""
              name="status"
              label={b.status}
              options={optionsOf(blackStatuses, b.statusLabel)}
            />
            <SelectFilter
              placeholder=""
              name="source"
              label={b.source}
              options={optionsOf(blackSources, b.sourceLabel)}
            />
          </NumberDaysFilters>
        }
      />
      <BlackEntryModal
        level={level}
        open={dialog === 'entry'}
        entry={editing}
        onClose={() => {
          setDialog(null);
          setEditing(null);
        }}
      />
      <BatchAddModal level={level} open={dialog === 'batch'} onClose={() => setDialog(null)} />
      <BlackImportModal level={level} open={dialog === 'import'} onClose={() => setDialog(null)} />
    </>
  );
};
