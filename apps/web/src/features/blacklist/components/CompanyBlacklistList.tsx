import { blacklistRoutes, Perm, type TCompanyBlackEntry } from '@yunhu/contract';
import { Button } from 'antd';
import { useState } from 'react';
import * as t from '../../../locales/zh-CN';
import { KeywordFilter } from '../../../shared/list/FilterItems';
import { ListPage } from '../../../shared/list/ListPage';
import { RowAction } from '../../../shared/list/RowAction';
import { timeColumn } from '../../../shared/list/timeColumn';
import { actionsColumn, type TListColumn } from '../../../shared/list/types';
import { Permission } from '../../../shared/permission/Permission';
import { usePermission } from '../../../shared/permission/usePermission';
import { companyPageKey, useCompanyRemove } from '../api';
import { CompanyAddModal } from './CompanyAddModal';
import { useRemoval } from './useRemoval';

const b = t.companyBlacklist;
const r = blacklistRoutes;

/**
 * 企业黑名单 of companies: search by name or code, add one or a pasted batch, remove one or many,
 * export; each button behind the number black-list's permission of the same action.
 */
export const CompanyBlacklistList = () => {
  const remove = useCompanyRemove();
  const canDelete = usePermission(Perm.blacklistDelete);
  const [dialog, setDialog] = useState<'one' | 'batch' | null>(null);

  const { confirmRemove, batchActions } = useRemoval({
    remove: (ids) => remove.mutateAsync(ids),
    permission: Perm.blacklistDelete,
    testId: 'company-black-batch-delete',
    texts: b,
  });

  const columns: TListColumn<TCompanyBlackEntry>[] = [
    { key: 'name', title: b.name, dataIndex: 'name', width: 260 },
    { key: 'creditCode', title: b.creditCode, dataIndex: 'creditCode', width: 200 },
    { key: 'remark', title: b.remark, dataIndex: 'remark', ellipsis: true, width: 220 },
    { key: 'createdBy', title: b.createdBy, dataIndex: 'createdBy' },
    timeColumn(b.createdAt),
    ...actionsColumn<TCompanyBlackEntry>(canDelete, b.actions, (e) => (
      <RowAction isDanger onClick={() => confirmRemove([e.id], b.deleteConfirm(e.name || e.creditCode))}>
        {b.delete}
      </RowAction>
    )),
  ];

  return (
    <>
      <ListPage
        pageKey={companyPageKey}
        urlKey="company"
        title={b.title}
        hint={b.hint}
        route={r.companyPage}
        columns={columns}
        export={{ route: r.companyExport, permission: Perm.blacklistExport }}
        toolbar={
          <Permission value={Perm.blacklistAdd}>
            <Button type="primary" onClick={() => setDialog('one')} data-testid="company-black-add">
              {b.add}
            </Button>
            <Button onClick={() => setDialog('batch')} data-testid="company-black-add-batch">
              {b.addBatch}
            </Button>
          </Permission>
        }
        batchActions={batchActions}
        filters={<KeywordFilter placeholder={b.keywordPlaceholder} width={160} testId="company-black-keyword" />}
      />
      <CompanyAddModal isBatch={dialog === 'batch'} open={dialog !== null} onClose={() => setDialog(null)} />
    </>
  );
};
