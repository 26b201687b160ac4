import { crmRoutes, Perm, type TBatchResult } from '@yunhu/contract';
import { Button, type Modal, Space } from 'antd';
import * as t from '../../../locales/zh-CN';
import { ReclickButton } from '../../../shared/components/ReclickButton';
import { call } from '../../../shared/http/api';
import { RowAction } from '../../../shared/list/RowAction';
import { Permission } from '../../../shared/permission/Permission';

const c = t.crm;

type TRun = (
  action: string,
  work: Promise<TBatchResult>,
  onResult?: (r: TBatchResult) => void,
) => Promise<TBatchResult | null>;
type TConfirm = ReturnType<typeof Modal.useModal>[0]['confirm'];

/** Asks first, with what will happen spelled out; the OK button of a purge is red. */
const ask = (confirm: TConfirm, content: string, isDanger: boolean, onOk: () => Promise<unknown>, okText?: string) =>
  confirm({
    title: t.app.noticeTitle,
    content,
    okText: okText ?? t.common.confirm,
    cancelText: t.common.cancel,
    okButtonProps: { danger: isDanger },
    onOk,
  });

/** One entry of the bin: recover it, or delete it for good. */
export const RecycleRowActions = ({
  id,
  name,
  run,
  confirm,
  onGone,
}: {
  id: number;
  name: string;
  run: TRun;
  confirm: TConfirm;
  onGone?: () => void;
}) => {
  // Leaves the detail page before the refresh would ask for an entry that is no longer in the bin.
  const after = (r: TBatchResult) => {
    if (r.done > 0) onGone?.();
  };
  return (
    <Space size={0}>
      <Permission value={Perm.recycleRecover}>
        <RowAction
          onClick={() =>
            ask(confirm, c.recoverConfirm(name), false, () => run(c.recover, call(crmRoutes.recover, { id }), after))
          }
        >
          {c.recover}
        </RowAction>
      </Permission>
      <Permission value={Perm.recycleDelete}>
        <RowAction
          isDanger
          onClick={() =>
            ask(confirm, c.purgeConfirm(name), true, () => run(c.purge, call(crmRoutes.purge, { id }), after))
          }
        >
          {c.purge}
        </RowAction>
      </Permission>
    </Space>
  );
};

/** Over the chosen entries: recover them, or delete them for good. */
export const RecycleBatchActions = ({
  ids,
  run,
  confirm,
  onDone,
}: {
  ids: number[];
  run: TRun;
  confirm: TConfirm;
  onDone: () => void;
}) => {
  const isEmpty = ids.length === 0;
  const then = (r: TBatchResult | null) => {
    if (r) onDone();
  };
  return (
    <Space>
      <Permission value={Perm.recycleRecover}>
        <Button
          disabled={isEmpty}
          onClick={() =>
            ask(confirm, c.batchRecoverConfirm(ids.length), false, () =>
              run(c.batchRecover, call(crmRoutes.recoverBatch, { ids })).then(then),
            )
          }
        >
          {c.batchRecover}
        </Button>
      </Permission>
      <Permission value={Perm.recycleDelete}>
        <Button
          danger
          disabled={isEmpty}
          onClick={() =>
            ask(confirm, c.batchPurgeConfirm(ids.length), true, () =>
              run(c.batchPurge, call(crmRoutes.purgeBatch, { ids })).then(then),
            )
          }
        >
          {c.batchPurge}
        </Button>
      </Permission>
    </Space>
  );
};

/** 清空回收站: the count of what goes is in the question. */
export const PurgeAllButton = ({ total, run, confirm }: { total: number; run: TRun; confirm: TConfirm }) => (
  <Permission value={Perm.recycleDelete}>
    <ReclickButton
      danger
      lockMs={1000}
      data-testid="crm-purge-all"
      onClick={() =>
        total === 0
          ? confirm({
              title: t.app.noticeTitle,
              content: c.purgeAllEmpty,
              okText: t.common.confirm,
              cancelButtonProps: { style: { display: 'none' } },
            })
          : ask(
              confirm,
              c.purgeAllConfirm(total),
              true,
              () => run(c.purgeAll, call(crmRoutes.purgeAll, {})),
              c.purgeAllOk,
            )
      }
    >
      {c.purgeAll}
    </ReclickButton>
  </Permission>
);
