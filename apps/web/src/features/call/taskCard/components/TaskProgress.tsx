import { Progress, Tooltip } from 'antd';
import * as t from '../../../../locales/zh-CN';

const c = t.taskCard;

/**
 * Progress of a task (or of one agent in it): the customers finished out of those still to work.
 * Customers in the recycle bin are passed over, so they leave the count (said beside it) until
 * they are recovered; a task with deleted customers still reaches 100 %.
 */
export const taskProgress = (x: { total: number; finished: number; deleted: number }) => {
  const workable = x.total - x.deleted;
  return { workable, percent: workable > 0 ? Math.round((x.finished / workable) * 100) : 0 };
};

export const TaskProgress = ({ total, finished, deleted }: { total: number; finished: number; deleted: number }) => {
  const { workable, percent } = taskProgress({ total, finished, deleted });
  return (
    <Tooltip title={deleted > 0 ? c.progressDeleted(deleted) : undefined}>
      <Progress size="small" percent={percent} format={() => `${finished}/${workable}${deleted > 0 ? ' *' : ''}`} />
    </Tooltip>
  );
};
