import { type TTaskFigures, type TTaskProgress, taskResults, taskResultText } from '@yunhu/contract';
import { Card, Col, Row, Statistic, Table, Tag, Tooltip } from 'antd';
import { t } from '../../../../locales/zh-CN';
import { taskProgress } from './TaskProgress';

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
        <Table
          size="small"
          rowKey="userId"
          pagination={false}
          dataSource={progress.agents}
          columns={[
            { key: 'realName', title: c.agent, dataIndex: 'realName' },
            { key: 'total', title: c.total, dataIndex: 'total' },
            { key: 'dialled', title: c.dialled, dataIndex: 'dialled' },
            { key: 'finished', title: c.finished, dataIndex: 'finished' },
            { key: 'connected', title: c.connected, dataIndex: 'connected' },
            { key: 'deleted', title: c.deleted, dataIndex: 'deleted' },
            { key: 'results', title: c.results, render: (_v, x) => <ResultCounts results={x.results} /> },
          ]}
        />
      </Card>
    </>
  );
};
