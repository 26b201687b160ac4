import type { TMyTaskCard, TTaskItem } from '@yunhu/contract';
import * as t from '../../../locales/zh-CN';

const c = t.taskCard;

/**
 * Why 我的任务 must not dial this customer now, read from the card just fetched again: the manager
 * paused or closed the task, or the customer is no longer the current one (done, skipped, removed
 * or deleted to the recycle bin) since the card was shown; null when the dial may go on. Without a
 * fresh card the server's own check decides.
 */
export const dialRefusal = (card: TMyTaskCard | undefined, item: TTaskItem): string | null => {
  if (!card) return null;
  if (card.task.status === 'paused') return c.dialPaused;
  if (card.task.status === 'closed') return c.dialClosed;
  return card.current?.id === item.id ? null : c.currentChanged;
};
