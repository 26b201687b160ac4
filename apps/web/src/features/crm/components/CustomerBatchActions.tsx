import { DownOutlined } from '@ant-design/icons';
import { crmRoutes, Perm, type TBatchResult, type TCustomerFilter } from '@yunhu/contract';
import { Button, Dropdown, type MenuProps, Space } from 'antd';
import { useState } from 'react';
import * as t from '../../../locales/zh-CN';
import { call } from '../../../shared/http/api';
import { lazyComponent } from '../../../shared/lazyComponent';
import { OnceOpened } from '../../../shared/modal/OnceOpened';
import { useLazyModal } from '../../../shared/modal/useLazyModal';
import { Permission } from '../../../shared/permission/Permission';
import { usePermission } from '../../../shared/permission/usePermission';
import type { TPool } from '../api';
import type { TBatchDialog, TBatchDialogKind } from './BatchFormDialogs';
import { useBatchRunner } from './BatchResult';
import type { TByCondition } from './ByConditionModal';

// The dialogs load with the first one opened: the list shows without them.
const AllocateModal = lazyComponent(() => import('./AllocateModal'), 'AllocateModal');
const BatchFormDialogs = lazyComponent(() => import('./BatchFormDialogs'), 'BatchFormDialogs');
const ByConditionModal = lazyComponent(() => import('./ByConditionModal'), 'ByConditionModal');

const c = t.crm;

type TCustomerBatchActionsProps = {
  pool: TPool;
  ids: number[];
  /** The list's current filter and how many customers it matches (by-condition actions). */
  filter: TCustomerFilter;
  total: number;
  /** Clears the selection after an action went through. */
  onDone: () => void;
};

/** Batch actions of either pool, each shown only to those holding its permission. */
export const CustomerBatchActions = ({ pool, ids, filter, total, onDone }: TCustomerBatchActionsProps) => {
  const { run: runBatch, node: resultNode } = useBatchRunner();
  const [modal, modalNode] = useLazyModal();
  const [allocateIds, setAllocateIds] = useState<number[] | null>(null);
  const [dialog, setDialog] = useState<TBatchDialog>(null);
  const [byCondition, setByCondition] = useState<TByCondition>(null);
  const canUpdate = usePermission(Perm.customerUpdate);
  const canDelete = usePermission(Perm.customerDelete);
  const canRelease = usePermission(Perm.customerRelease);
  const isEmpty = ids.length === 0;
  const isPrivate = pool === 'private';

  const run: typeof runBatch = async (action, work) => {
    const result = await runBatch(action, work);
    if (result) onDone();
    return result;
  };
  const open = (kind: TBatchDialogKind) => setDialog({ kind, ids });
  const confirmThen = (title: string, content: string, action: string, work: () => Promise<TBatchResult>) =>
    modal.confirm({
      title,
      content,
      okText: t.common.confirm,
      cancelText: t.common.cancel,
      onOk: () => run(action, work()),
    });
  const protect = (isProtected: boolean) =>
    confirmThen(c.protectTitle(ids.length, isProtected), c.protectTip, isProtected ? c.protect : c.unprotect, () =>
      call(crmRoutes.updateProtected, { ids, isProtected }),
    );

  const moreItems: MenuProps['items'] = [
    canUpdate && { key: 'tags', label: c.tag, onClick: () => open('tags') },
    canUpdate && { key: 'level', label: c.changeLevel, onClick: () => open('level') },
    canUpdate && { key: 'labelDeal', label: c.labelOrDeal, onClick: () => open('labelDeal') },
    canUpdate && { key: 'protect', label: c.protect, onClick: () => protect(true) },
    canUpdate && { key: 'unprotect', label: c.unprotect, onClick: () => protect(false) },
    canDelete && { key: 'recycle', label: c.recycle, danger: true, onClick: () => open('recycle') },
  ].filter((x) => x !== false);
  const conditionItems: MenuProps['items'] = [
    isPrivate &&
      canRelease && { key: 'release', label: c.releaseByCondition, onClick: () => setByCondition('release') },
    canDelete && {
      key: 'recycle',
      label: c.recycleByCondition,
      danger: true,
      onClick: () => setByCondition('recycle'),
    },
  ].filter((x) => x !== false);

  return (
    <Space wrap>
      {!isPrivate && (
        <Permission value={Perm.poolClaim}>
          <Button
            type="primary"
            disabled={isEmpty}
            data-testid="crm-claim"
            onClick={() => confirmThen(c.claimConfirm(ids.length), '', c.claim, () => call(crmRoutes.claim, { ids }))}
          >
            {c.claim}
          </Button>
        </Permission>
      )}
      <Permission value={Perm.customerAllocate}>
        <Button disabled={isEmpty} onClick={() => setAllocateIds(ids)} data-testid="crm-allocate">
          {c.allocate}
        </Button>
      </Permission>
      {isPrivate && (
        <>
          <Permission value={Perm.customerTransfer}>
            <Button disabled={isEmpty} onClick={() => open('transfer')}>
              {c.transfer}
            </Button>
          </Permission>
          <Permission value={Perm.customerRelease}>
            <Button disabled={isEmpty} onClick={() => open('release')} data-testid="crm-release">
              {c.release}
            </Button>
          </Permission>
          {moreItems.length > 0 && (
            <Dropdown menu={{ items: moreItems }} disabled={isEmpty} trigger={['click']}>
              <Button data-testid="crm-more-actions">
                {c.more} <DownOutlined />
              </Button>
            </Dropdown>
          )}
        </>
      )}
      {!isPrivate && (
        <Permission value={Perm.customerDelete}>
          <Button danger disabled={isEmpty} onClick={() => open('recycle')}>
            {c.delete}
          </Button>
        </Permission>
      )}
      {conditionItems.length > 0 && (
        <Dropdown menu={{ items: conditionItems }} trigger={['click']}>
          <Button data-testid="crm-by-condition">
            {c.byCondition} <DownOutlined />
          </Button>
        </Dropdown>
      )}
      <OnceOpened open={allocateIds !== null}>
        <AllocateModal ids={allocateIds} onClose={() => setAllocateIds(null)} onRun={(work) => run(c.allocate, work)} />
      </OnceOpened>
      <OnceOpened open={dialog !== null}>
        <BatchFormDialogs dialog={dialog} pool={pool} onClose={() => setDialog(null)} run={run} />
      </OnceOpened>
      <OnceOpened open={byCondition !== null}>
        <ByConditionModal
          action={byCondition}
          pool={pool}
          filter={filter}
          total={total}
          onClose={() => setByCondition(null)}
          run={run}
        />
      </OnceOpened>
      {modalNode}
      {resultNode}
    </Space>
  );
};
