import { useQueryClient } from '@tanstack/react-query';
import { JobPerm, jobNameLabel, jobStateLabel, jobStates, platformJobsRoutes, type TJobRun } from '@yunhu/contract';
import { Typography } from 'antd';
import * as t from '../../../locales/zh-CN';
import { feedback } from '../../../shared/feedback';
import { call } from '../../../shared/http/api';
import { SelectFilter } from '../../../shared/list/FilterItems';
import { ListPage } from '../../../shared/list/ListPage';
import { RowAction } from '../../../shared/list/RowAction';
import { tagColumn } from '../../../shared/list/tagColumn';
import { timeColumn } from '../../../shared/list/timeColumn';
import { actionsColumn, type TListColumn } from '../../../shared/list/types';
import { closingEitherWay } from '../../../shared/list/useConfirmAction';
import { useApp } from '../../../shared/modal/useApp';
import { Permission } from '../../../shared/permission/Permission';

const stateColor: Record<TJobRun['state'], string> = {
  created: 'default',
  retry: 'orange',
  active: 'blue',
  completed: 'green',
  cancelled: 'default',
  failed: 'red',
};
const nameOf = (name: string) => jobNameLabel[name] ?? name;

/** 后台任务 (platform operator): each run of the server's jobs, its failures, and a failed one run again. */
export const JobPage = () => {
  const client = useQueryClient();
  const { modal } = useApp();
  const p = t.platformJobs;
  const retry = (job: TJobRun) =>
    modal.confirm({
      title: p.retryConfirm(nameOf(job.name)),
      okText: p.retry,
      cancelText: t.common.cancel,
      onOk: closingEitherWay(async () => {
        await call(platformJobsRoutes.jobRetry, { name: job.name, id: job.id });
        feedback.message.success(p.retried(nameOf(job.name)));
        void client.invalidateQueries({ queryKey: ['platformJobs'] });
      }),
    });
  const columns: TListColumn<TJobRun>[] = [
    { key: 'name', title: p.name, dataIndex: 'name', render: (v: string) => nameOf(v) },
    tagColumn(p.state, 'state', { labels: jobStateLabel, colors: stateColor }),
    { key: 'attempts', title: p.attempts, render: (_v, j) => `${j.attempts} / ${j.maxAttempts}` },
    {
      key: 'error',
      title: p.error,
      dataIndex: 'error',
      ellipsis: true,
      render: (v: string | null) => (v ? <Typography.Text type="danger">{v}</Typography.Text> : ''),
    },
    timeColumn(p.createdAt, { format: 'YYYY-MM-DD HH:mm:ss' }),
    timeColumn(p.runAfter, { key: 'runAfter', format: 'YYYY-MM-DD HH:mm:ss' }),
    timeColumn(p.startedAt, { key: 'startedAt', format: 'YYYY-MM-DD HH:mm:ss' }),
    timeColumn(p.finishedAt, { key: 'finishedAt', format: 'YYYY-MM-DD HH:mm:ss' }),
    ...actionsColumn<TJobRun>(
      true,
      p.actions,
      (j) =>
        j.state === 'failed' && (
          <Permission value={JobPerm.retry}>
            <RowAction onClick={() => retry(j)} testId={`job-retry-${j.id}`}>
              {p.retry}
            </RowAction>
          </Permission>
        ),
    ),
  ];
  return (
    <ListPage
      pageKey="platformJobs"
      title={p.title}
      route={platformJobsRoutes.jobPage}
      columns={columns}
      toolbar={<Typography.Text type="secondary">{p.hint}</Typography.Text>}
      filters={
        <>
          <SelectFilter
            name="name"
            label={p.name}
            width={200}
            options={Object.entries(jobNameLabel).map(([value, label]) => ({ value, label }))}
          />
          <SelectFilter
            name="state"
            label={p.state}
            options={jobStates.map((s) => ({ value: s, label: s === 'failed' ? p.onlyFailed : jobStateLabel[s] }))}
          />
        </>
      }
    />
  );
};
