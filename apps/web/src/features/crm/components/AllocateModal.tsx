import { useQuery } from '@tanstack/react-query';
import { crmRoutes, type TBatchResult, type TResponseOf } from '@yunhu/contract';
import { Alert, type ButtonProps, Form, Input, Modal, Select, Spin, Tag } from 'antd';
import { useEffect, useState } from 'react';
import * as t from '../../../locales/zh-CN';
import { call } from '../../../shared/http/api';
import { fieldColumns } from '../../../shared/list/fieldColumns';
import { RowsTable } from '../../../shared/list/RowsTable';
import { useAssignees } from '../api';

const c = t.crm;

/** One person of the plan: his load now, what he would get and whether it goes over his maximum. */
type TPlanRow = TResponseOf<typeof crmRoutes.allocationCheck>['plan'][number];

type TAllocateModalProps = {
  /** The chosen customers; null = closed. */
  ids: number[] | null;
  onClose: () => void;
  /** Runs the allocation (the caller reports its result). */
  onRun: (work: Promise<TBatchResult>) => Promise<unknown>;
};

/**
 * 分配: to one person, or evenly over several in the order chosen. The server's check runs on every
 * change of the choice and its plan (who gets how many, who would go over his maximum) is shown;
 * the allocation is all or nothing, so confirming stays off while the check reports a problem.
 */
export const AllocateModal = ({ ids, onClose, onRun }: TAllocateModalProps) => {
  const [userIds, setUserIds] = useState<number[]>([]);
  const [reason, setReason] = useState('');
  const [isSaving, setSaving] = useState(false);
  const isOpen = ids !== null;
  const assignees = useAssignees(isOpen);
  useEffect(() => {
    if (isOpen) {
      setUserIds([]);
      setReason('');
    }
  }, [isOpen]);
  const check = useQuery({
    queryKey: ['crm', 'allocationCheck', ids, userIds],
    queryFn: () => call(crmRoutes.allocationCheck, { ids: ids ?? [], userIds }),
    enabled: isOpen && userIds.length > 0,
    gcTime: 0,
  });
  const plan = check.data;
  const canConfirm = userIds.length > 0 && plan?.isOk === true && !check.isFetching;

  const onOk = async () => {
    if (!ids || !canConfirm) return;
    setSaving(true);
    const [userId] = userIds;
    const work =
      userIds.length === 1 && userId !== undefined
        ? call(crmRoutes.allocate, { ids, userId, reason })
        : call(crmRoutes.allocateEven, { ids, userIds, reason });
    try {
      await onRun(work);
      onClose();
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal
      open={isOpen}
      title={c.allocateTitle(ids?.length ?? 0)}
      onCancel={onClose}
      onOk={onOk}
      okText={c.confirmAllocate}
      cancelText={t.common.cancel}
      okButtonProps={{ disabled: !canConfirm, 'data-testid': 'crm-allocate-ok' } as ButtonProps}
      confirmLoading={isSaving}
      width={640}
      destroyOnHidden
    >
      <Form layout="vertical">
        <Form.Item label={c.allocateTo} required>
          <Select
            mode="multiple"
            value={userIds}
            onChange={setUserIds}
            placeholder={c.allocateToPlaceholder}
            showSearch={{ optionFilterProp: 'label' }}
            loading={assignees.isLoading}
            data-testid="crm-allocate-users"
            options={(assignees.data ?? []).map((a) => ({
              value: a.userId,
              label: `${a.realName}${a.deptName ? `（${a.deptName}）` : ''} ${c.assigneeLoad(a.owned, a.maxOwned)}`,
            }))}
          />
        </Form.Item>
        <Form.Item label={c.reason}>
          <Input
            value={reason}
            onChange={(e) => setReason(e.target.value)}
            maxLength={200}
            placeholder={c.reasonPlaceholder}
          />
        </Form.Item>
      </Form>
      {userIds.length > 0 && check.isFetching && <Spin description={c.checking} />}
      {plan && !check.isFetching && (
        <>
          {plan.problems.length > 0 && (
            <Alert
              type="error"
              showIcon
              style={{ marginBottom: 12 }}
              title={c.problems}
              description={
                <ul style={{ margin: 0, paddingLeft: 18 }} data-testid="crm-allocate-problems">
                  {plan.problems.map((p) => (
                    <li key={p}>{p}</li>
                  ))}
                </ul>
              }
            />
          )}
          <RowsTable<TPlanRow>
            rowKey="userId"
            title={() => c.plan}
            rows={plan.plan}
            data-testid="crm-allocate-plan"
            columns={[
              ...fieldColumns<TPlanRow>({ realName: c.owner, owned: c.planOwned, adding: c.planAdding }),
              {
                key: 'max',
                title: c.planMax,
                render: (_v, r) =>
                  r.isOver ? (
                    <Tag color="error">
                      {r.maxOwned} {c.overLimit}
                    </Tag>
                  ) : r.maxOwned > 0 ? (
                    r.maxOwned
                  ) : (
                    c.noLimit
                  ),
              },
            ]}
          />
        </>
      )}
    </Modal>
  );
};
