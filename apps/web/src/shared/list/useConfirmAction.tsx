import type { ReactNode } from 'react';
import * as t from '../../locales/zh-CN';
import { feedback } from '../feedback';
import { useLazyModal } from '../modal/useLazyModal';

type TConfirmOptions = {
  isDanger?: boolean;
  /** What to say when it went through, when 操作成功 says too little (删除了 3 条回访). */
  doneMessage?: string;
  onDone?: () => void;
};

/**
 * Asks before a row or batch action, runs it on 确定 and says 操作成功 (or the done message); a refusal
 * was shown by the HTTP client, so it is only swallowed here. Render `node` once in the screen.
 */
export const useConfirmAction = () => {
  const [modal, node] = useLazyModal();
  const confirm = (content: ReactNode, run: () => Promise<unknown>, options: TConfirmOptions = {}) =>
    modal.confirm({
      title: t.app.noticeTitle,
      content,
      okText: t.common.confirm,
      okButtonProps: options.isDanger ? { danger: true } : undefined,
      cancelText: t.common.cancel,
      onOk: () =>
        run()
          .then(() => {
            feedback.message.success(options.doneMessage ?? t.common.success);
            options.onDone?.();
          })
          .catch(() => undefined),
    });
  return { confirm, node };
};

/** Runs a batch action without asking: 操作成功 and the selection cleared when it went through. */
export const runAndReport = (run: () => Promise<unknown>, onDone?: () => void) =>
  run()
    .then(() => {
      feedback.message.success(t.common.success);
      onDone?.();
    })
    .catch(() => undefined);

/**
 * A confirmation's 确定 that closes the dialog whatever the answer: a refusal was shown by the HTTP
 * client, and a dialog left open would only ask to send the refused request again (antd keeps it
 * open on a rejected promise and reports the rejection as unhandled).
 */
export const closingEitherWay = (action: () => Promise<unknown>) => (): Promise<unknown> =>
  action().catch(() => undefined);
