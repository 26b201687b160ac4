import { useQueryClient } from '@tanstack/react-query';
import { orgStaffRoutes, Perm } from '@yunhu/contract';
import { Button, Space } from 'antd';
import { useState } from 'react';
import * as t from '../../../locales/zh-CN';
import { feedback } from '../../../shared/feedback';
import { ReasonModal } from '../../../shared/form/ReasonModal';
import { call } from '../../../shared/http/api';
import { SelectFilter, TextFilter } from '../../../shared/list/FilterItems';
import { fieldColumns } from '../../../shared/list/fieldColumns';
import { ListPage } from '../../../shared/list/ListPage';
import { tagColumn } from '../../../shared/list/tagColumn';
import { timeColumn } from '../../../shared/list/timeColumn';
import { actionsColumn, type TListColumn, type TRowOf } from '../../../shared/list/types';
import { Permission } from '../../../shared/permission/Permission';

type TApplication = TRowOf<typeof orgStaffRoutes.applyPage>;

/** 员工申请 (company/applyFor): pending registrations and join requests, approved or rejected with a reason. */
export const ApplyForPage = () => {
  const client = useQueryClient();
  const [rejecting, setRejecting] = useState<number[] | null>(null);
  const done = () => {
    feedback.message.success(t.org.examined);
    void client.invalidateQueries({ queryKey: ['applyFor'] });
  };
  const examine = (ids: number[], pass: boolean, reason = '') =>
    (ids.length === 1
      ? call(orgStaffRoutes.examine, { id: ids[0]!, pass, reason })
      : call(orgStaffRoutes.batchExamine, { ids, pass, reason })
    ).then(done);
  const actions = (ids: number[]) => (
    <Permission value={Perm.applyExamine}>
      <Space size={4}>
        <Button
          type="link"
          size="small"
          disabled={!ids.length}
          onClick={() => examine(ids, true).catch(() => undefined)}
        >
          {ids.length > 1 ? t.org.batchApprove : t.org.approve}
        </Button>
        <Button type="link" size="small" danger disabled={!ids.length} onClick={() => setRejecting(ids)}>
          {ids.length > 1 ? t.org.batchReject : t.org.reject}
        </Button>
      </Space>
    </Permission>
  );
  const columns: TListColumn<TApplication>[] = [
    ...fieldColumns<TApplication>({
      realName: t.org.applicant,
      username: t.org.username,
      mobile: t.org.mobile,
      deptName: t.org.dept,
    }),
    tagColumn(t.org.status, 'status', {
      labels: { pending: t.org.pending, rejected: t.org.rejected },
      colors: { pending: 'orange', rejected: 'red' },
    }),
    { key: 'reason', title: t.org.reason, dataIndex: 'reason', ellipsis: true },
    timeColumn(t.org.appliedAt),
    ...actionsColumn<TApplication>(true, t.org.actions, (row) => (row.status === 'pending' ? actions([row.id]) : null)),
  ];
  return (
    <>
      <ListPage
        pageKey="applyFor"
        title={t.org.applyFor}
        route={orgStaffRoutes.applyPage}
        columns={columns}
        batchActions={(rows) => actions(rows.filter((r) => r.status === 'pending').map((r) => r.id))}
        filters={
          <>
            <TextFilter name="name" label={t.org.applicant} width={150} />
            <SelectFilter
              name="status"
              label={t.org.status}
              placeholder={t.org.pending}
              width={110}
              options={[
                { value: 'pending', label: t.org.pending },
                { value: 'rejected', label: t.org.rejected },
              ]}
            />
          </>
        }
      />
      <ReasonModal
        open={rejecting !== null}
        title={t.org.reject}
        label={t.org.rejectReason}
        requiredMessage={t.org.rejectReasonPlaceholder}
        placeholder={t.org.rejectReasonPlaceholder}
        onSubmit={(reason) => examine(rejecting ?? [], false, reason)}
        onCancel={() => setRejecting(null)}
      />
    </>
  );
};
