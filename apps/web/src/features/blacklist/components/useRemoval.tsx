import { App, Button } from 'antd';
import * as t from '../../../locales/zh-CN';
import { feedback } from '../../../shared/feedback';
import { closingEitherWay } from '../../../shared/list/useConfirmAction';
import { Permission } from '../../../shared/permission/Permission';

type TRemovalOptions = {
  remove: (ids: number[]) => Promise<{ deleted: number }>;
  permission: string;
  /** The batch button's test id. */
  testId: string;
  texts: {
    delete: string;
    batchDelete: string;
    deleted: (n: number) => string;
    batchDeleteConfirm: (n: number) => string;
  };
};

/**
 * Taking entries off a black-list, asked first: `confirmRemove` for a row's button, `batchActions`
 * (the list's 批量删除 behind the delete permission) for the selection. The numbers' and the
 * companies' lists share it.
 */
export const useRemoval = ({ remove, permission, testId, texts }: TRemovalOptions) => {
  const { modal } = App.useApp();

  const confirmRemove = (ids: number[], question: string, clear?: () => void) =>
    modal.confirm({
      title: question,
      okText: texts.delete,
      okButtonProps: { danger: true },
      cancelText: t.common.cancel,
      onOk: closingEitherWay(async () => {
        const res = await remove(ids);
        feedback.message.success(texts.deleted(res.deleted));
        clear?.();
      }),
    });

  const batchActions = (rows: { id: number }[], clear: () => void) => (
    <Permission value={permission}>
      <Button
        danger
        disabled={!rows.length}
        onClick={() =>
          confirmRemove(
            rows.map((e) => e.id),
            texts.batchDeleteConfirm(rows.length),
            clear,
          )
        }
        data-testid={testId}
      >
        {texts.batchDelete}
      </Button>
    </Permission>
  );

  return { confirmRemove, batchActions };
};
