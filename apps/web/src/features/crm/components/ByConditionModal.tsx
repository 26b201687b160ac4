import { crmRoutes, type TBatchResult, type TCustomerFilter } from '@yunhu/contract';
import { Alert, Input, Modal, Typography } from 'antd';
import { useEffect, useState } from 'react';
import * as t from '../../../locales/zh-CN';
import { call } from '../../../shared/http/api';
import type { TPool } from '../api';
import { countConditions } from '../filters';

const c = t.crm;

export type TByCondition = 'release' | 'recycle' | null;

type TByConditionModalProps = {
  action: TByCondition;
  pool: TPool;
  filter: TCustomerFilter;
  /** How many customers the list's filter matches now (the list's total). */
  total: number;
  onClose: () => void;
  run: (action: string, work: Promise<TBatchResult>) => Promise<TBatchResult | null>;
};

/**
 * Release or delete everything the current filter matches. The count is spelled out before
 * anything happens, and an empty filter (= the whole pool) gets its own warning.
 */
export const ByConditionModal = ({ action, pool, filter, total, onClose, run }: TByConditionModalProps) => {
  const [reason, setReason] = useState('');
  const [isSaving, setSaving] = useState(false);
  useEffect(() => {
    if (action) setReason('');
  }, [action]);
  const label = action === 'release' ? c.release : c.recycle;
  const onOk = async () => {
    setSaving(true);
    const work =
      action === 'release'
        ? call(crmRoutes.releaseByCondition, { filter, reason })
        : call(pool === 'public' ? crmRoutes.recycleByCondition : crmRoutes.privateRecycleByCondition, {
            filter,
            reason,
          });
    const result = await run(action === 'release' ? c.releaseByCondition : c.recycleByCondition, work);
    setSaving(false);
    if (result) onClose();
  };
  return (
    <Modal
      open={action !== null}
      title={c.byConditionTitle(action === 'release' ? c.releaseByCondition : c.recycleByCondition)}
      onCancel={onClose}
      onOk={onOk}
      okText={t.common.confirm}
      cancelText={t.common.cancel}
      okButtonProps={{ danger: true, disabled: total === 0 }}
      confirmLoading={isSaving}
      destroyOnHidden
    >
      {total === 0 ? (
        <Typography.Paragraph>{c.byConditionEmpty}</Typography.Paragraph>
      ) : (
        <Typography.Paragraph strong data-testid="crm-by-condition-count">
          {c.byConditionCount(total, label)}
        </Typography.Paragraph>
      )}
      {total > 0 && countConditions(filter) === 0 && (
        <Alert type="warning" showIcon title={c.byConditionNoFilter} style={{ marginBottom: 12 }} />
      )}
      {action === 'recycle' && <Typography.Paragraph type="secondary">{c.recycleTip}</Typography.Paragraph>}
      <Input.TextArea
        rows={2}
        maxLength={200}
        value={reason}
        onChange={(e) => setReason(e.target.value)}
        placeholder={`${c.reason}：${c.reasonPlaceholder}`}
      />
    </Modal>
  );
};
