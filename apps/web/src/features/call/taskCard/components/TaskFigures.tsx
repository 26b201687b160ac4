import { type TTaskFigures, type TTaskProgress, taskResults, taskResultText } from '@yunhu/contract';
import { Card, Col, Row, Statistic, Tag, Tooltip } from 'antd';
import * as t from '../../../../locales/zh-CN';
import { fieldColumns } from '../../../../shared/list/fieldColumns';
import { RowsTable } from '../../../../shared/list/RowsTable';
import { taskProgress } from './TaskProgress';

type TAgentProgress = TTaskProgress['agents'][number];

const c = t.taskCard;

/** The results that occurred, as tags with counts. */
export const ResultCounts = ({ results }: { results: TTaskFigures['results'] }) => (
  <>
    {taskResults
      .filter((r) => results[r] > 0)
      .map((r) => (
        <Tag key={r}>{`${taskResultText[r]} ${results[r]}`}</Tag>
      ))}
  </>
);

/** taskCard/Info's figures: the task's totals and each agent's. */
export const TaskFigures = ({ progress }: { progress: TTaskProgress }) => {
  const f = progress.figures;
  return (
    <>
      <Row gutter={16} data-testid="task-figures">
        {(
          [
            ['total', c.total, f.total],
            ['dialled', c.dialled, f.dialled],
            ['finished', c.finished, `${f.finished}/${taskProgress(f).workable}`],
            ['connected', c.connected, f.connected],
            ['skipped', c.skipped, f.skipped],
          ] as const
        ).map(([key, title, value]) => (
          <Col key={key} span={4}>
            <Statistic title={title} value={value} data-testid={`task-figure-${key}`} />
          </Col>
        ))}
        <Col span={4}>
          {/* Customers in the recycle bin: neither finished nor waiting, so counted apart. */}
          <Statistic
            title={<Tooltip title={c.deletedHint}>{c.deleted}</Tooltip>}
            value={f.deleted}
            data-testid="task-figure-deleted"
          />
        </Col>
      </Row>
      <div style={{ margin: '12px 0' }} data-testid="task-results">
        {c.results}：<ResultCounts results={f.results} />
      </div>
      <Card size="small" title={c.perAgent}>
        <RowsTable<TAgentProgress>
          rowKey="userId"
          rows={progress.agents}
          columns={[
            ...fieldColumns<TAgentProgress>({
              realName: c.agent,
              total: c.total,
              dialled: c.dialled,
              finished: c.finished,
              connected: c.connected,
              deleted: c.deleted,
            }),
            { key: 'results', title: c.results, render: (_v, x) => <ResultCounts results={x.results} /> },
          ]}
        />
      </Card>
    </>
  );
};
