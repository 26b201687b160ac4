import { crmRoutes, Perm, type TBatchResult, type TCustomer } from '@yunhu/contract';
import { Button, Card, Modal, Space, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import * as t from '../../../locales/zh-CN';
import { Phone } from '../../../shared/components/Phone';
import { ReclickButton } from '../../../shared/components/ReclickButton';
import { call } from '../../../shared/http/api';
import { Permission } from '../../../shared/permission/Permission';
import { type TPool, useRules } from '../api';
import { CustomerTags, DealTag, LevelTag, PhoneLabelTag, releaseText } from '../format';
import { AllocateModal } from './AllocateModal';
import { BatchFormDialogs, type TBatchDialog, type TBatchDialogKind } from './BatchFormDialogs';
import { useBatchRunner } from './BatchResult';
import { CustomerFormModal } from './CustomerFormModal';
import { CustomerNeighbours } from './CustomerNeighbours';
import { detailPath } from './customerColumns';

const c = t.crm;

/** Name, number, owner and status of one customer, and what can be done to it. */
export const CustomerHeader = ({ customer, pool }: { customer: TCustomer; pool: TPool }) => {
  const navigate = useNavigate();
  const { run: runBatch, node: resultNode } = useBatchRunner();
  const [modal, modalNode] = Modal.useModal();
  const [dialog, setDialog] = useState<TBatchDialog>(null);
  const [isEditing, setEditing] = useState(false);
  const [allocateIds, setAllocateIds] = useState<number[] | null>(null);
  const rules = useRules().data;
  const ids = [customer.id];
  const isPrivate = pool === 'private';
  const release = releaseText(customer.releaseAt, Date.now(), rules?.remindBeforeDays || 7);
  const listPath = isPrivate ? '/menu/CRM/myCustomer' : '/menu/CRM/totalOfCustomer';

  // A customer that left this pool (released, deleted, claimed) is no longer on this page.
  const run = async (action: string, work: Promise<TBatchResult>, then?: string) => {
    return runBatch(action, work, (result) => {
      if (result.done > 0 && then) navigate(then, { replace: true });
    });
  };
  const afterDialog: Partial<Record<TBatchDialogKind, string>> = { release: listPath, recycle: listPath };
  const open = (kind: TBatchDialogKind) => setDialog({ kind, ids });
  const confirm = (title: string, action: string, work: () => Promise<TBatchResult>, then?: string) =>
    modal.confirm({
      title,
      okText: t.common.confirm,
      cancelText: t.common.cancel,
      onOk: () => run(action, work(), then),
    });

  return (
    <Card size="small" data-testid="crm-detail-header">
      <Space style={{ width: '100%', justifyContent: 'space-between' }} wrap align="start">
        <Space orientation="vertical" size={4}>
          <Space wrap>
            <Typography.Title level={4} style={{ margin: 0 }}>
              {customer.name}
            </Typography.Title>
            <Phone value={customer.mobile} isRevealable={!customer.isMobileMasked} />
            {customer.isProtected && <Tag color="purple">{c.isProtected}</Tag>}
            {release && !customer.isProtected && <Tag color="warning">{release}</Tag>}
          </Space>
          <Space wrap size={[12, 4]}>
            <span>
              {c.owner}：{customer.ownerName ?? c.inPool}
              {customer.deptName ? `（${customer.deptName}）` : ''}
            </span>
            {!isPrivate && customer.previousOwnerName && (
              <span>
                {c.previousOwner}：{customer.previousOwnerName}
              </span>
            )}
            <LevelTag value={customer.intentionLevel} isLong />
            <DealTag isDeal={customer.isDeal} />
            <PhoneLabelTag value={customer.phoneLabel} />
            <CustomerTags tags={customer.tags} />
          </Space>
        </Space>
        <Space wrap>
          {isPrivate ? (
            <>
              <Permission value={Perm.customerUpdate}>
                <Button type="primary" onClick={() => setEditing(true)} data-testid="crm-detail-edit">
                  {c.edit}
                </Button>
                <ReclickButton
                  onClick={() =>
                    confirm(
                      c.protectTitle(1, !customer.isProtected),
                      customer.isProtected ? c.unprotect : c.protect,
                      () => call(crmRoutes.updateProtected, { ids, isProtected: !customer.isProtected }),
                    )
                  }
                >
                  {customer.isProtected ? c.unprotect : c.protect}
                </ReclickButton>
              </Permission>
              <Permission value={Perm.customerTransfer}>
                <Button onClick={() => open('transfer')}>{c.transfer}</Button>
              </Permission>
              <Permission value={Perm.customerRelease}>
                <Button onClick={() => open('release')}>{c.release}</Button>
              </Permission>
            </>
          ) : (
            <>
              <Permission value={Perm.poolClaim}>
                <ReclickButton
                  type="primary"
                  onClick={() =>
                    confirm(
                      c.claimConfirm(1),
                      c.claim,
                      () => call(crmRoutes.claim, { ids }),
                      detailPath(customer.id, 'private'),
                    )
                  }
                >
                  {c.claim}
                </ReclickButton>
              </Permission>
              <Permission value={Perm.customerAllocate}>
                <Button onClick={() => setAllocateIds(ids)}>{c.allocate}</Button>
              </Permission>
            </>
          )}
          <Permission value={Perm.customerDelete}>
            <Button danger onClick={() => open('recycle')}>
              {c.delete}
            </Button>
          </Permission>
          <CustomerNeighbours id={customer.id} pool={pool} />
          <Button onClick={() => navigate(listPath)}>{c.backToList}</Button>
        </Space>
      </Space>
      <BatchFormDialogs
        dialog={dialog}
        pool={pool}
        onClose={() => setDialog(null)}
        run={(action, work) => run(action, work, dialog ? afterDialog[dialog.kind] : undefined)}
      />
      <AllocateModal
        ids={allocateIds}
        onClose={() => setAllocateIds(null)}
        onRun={(work) => run(c.allocate, work, listPath)}
      />
      <CustomerFormModal customer={isEditing ? customer : null} onClose={() => setEditing(false)} />
      {modalNode}
      {resultNode}
    </Card>
  );
};
