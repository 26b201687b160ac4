import { useQueryClient } from '@tanstack/react-query';
import {
  numberCheckExcludedByDefault,
  numberCheckResultLabel,
  numberCheckResults,
  type TNumberCheckRef,
  type TNumberCheckResult,
  type TNumberCheckRow,
  yuan,
} from '@yunhu/contract';
import { Alert, Button, Card, Space, Table, Tag, Typography } from 'antd';
import { useEffect, useRef, useState } from 'react';
import * as t from '../../../locales/zh-CN';
import { ReclickButton } from '../../../shared/components/ReclickButton';
import { feedback } from '../../../shared/feedback';
import { checkKey, isRunActive, useCheckExclude, useCheckRows, useCheckRun, useCheckSummary } from '../api';

const c = t.numberCheck;
const colorOf: Record<TNumberCheckResult, string> = {
  empty: 'red',
  stopped: 'orange',
  real: 'green',
  unknown: 'default',
  silent: 'gold',
  risk: 'volcano',
};

/**
 * 空号检测 of one batch (an import waiting for its confirm, or 批量匹配's result): what a check costs,
 * the run (queued, then checked and charged once per number by the server's job: the panel asks
 * again until it ends), the results per kind and 一键排除 of 空号 / 停机.
 */
export const NumberCheckPanel = ({
  source,
  batchId,
  onExcluded,
}: TNumberCheckRef & { onExcluded?: (excluded: number) => void }) => {
  const ref = { source, batchId };
  const summary = useCheckSummary(ref);
  const run = useCheckRun(ref);
  const exclude = useCheckExclude(ref);
  const [isOpen, setOpen] = useState(false);
  const rows = useCheckRows(ref, isOpen);
  const client = useQueryClient();
  const s = summary.data;
  const isActive = isRunActive(s);
  const ended = isActive ? null : (s?.run ?? null);
  // A run that ends while the panel watches: its results listed afresh, and said when it went well.
  const watched = useRef(false);
  useEffect(() => {
    if (isActive) watched.current = true;
    if (!ended || !watched.current) return;
    watched.current = false;
    if (ended.state === 'done') feedback.message.success(c.runDone);
    void client.invalidateQueries({ queryKey: [...checkKey({ source, batchId }), 'rows'] });
  }, [isActive, ended, client, source, batchId]);
  if (!s) return null;
  const last = s.run;
  const toExclude = numberCheckExcludedByDefault.reduce((n, k) => n + (s.counts[k] ?? 0), 0);
  const onRun = async () => {
    await run.mutateAsync();
    feedback.message.info(c.runQueued);
  };
  const onExclude = async () => {
    const before = s.excluded;
    const after = await exclude.mutateAsync([...numberCheckExcludedByDefault]);
    feedback.message.success(c.excludeDone(after.excluded - before));
    onExcluded?.(after.excluded);
  };
  return (
    <Card size="small" title={c.title} data-testid="number-check">
      <Space orientation="vertical" style={{ width: '100%' }}>
        <Typography.Text>
          {c.hint(s.total, s.unchecked, yuan(s.unitPrice), yuan(s.amount), yuan(s.balance))}
        </Typography.Text>
        <Typography.Text type="secondary">{c.checker(s.checker)}</Typography.Text>
        {last && (
          <Typography.Text data-testid="number-check-state">
            {c.runState(last.stateName, last.checked, last.total)}
          </Typography.Text>
        )}
        {last?.state === 'queued' && last.errorReason && (
          <Alert type="warning" showIcon title={c.runRetrying(last.errorReason)} />
        )}
        {last?.state === 'failed' && (
          <Alert type="error" showIcon title={c.runFailed(last.errorReason)} data-testid="number-check-failed" />
        )}
        <Space wrap data-testid="number-check-counts">
          {numberCheckResults
            .filter((k) => (s.counts[k] ?? 0) > 0)
            .map((k) => (
              <Tag key={k} color={colorOf[k]}>
                {numberCheckResultLabel[k]} {s.counts[k]}
              </Tag>
            ))}
          {s.excluded > 0 && <Tag>{c.excluded(s.excluded)}</Tag>}
        </Space>
        <Space wrap>
          <ReclickButton
            type="primary"
            disabled={s.unchecked === 0 || isActive}
            loading={run.isPending || isActive}
            onClick={onRun}
            data-testid="number-check-run"
          >
            {isActive && last
              ? c.running(last.checked, last.total)
              : s.unchecked === 0
                ? c.allChecked
                : c.run(yuan(s.amount))}
          </ReclickButton>
          <ReclickButton
            danger
            disabled={toExclude <= s.excluded}
            loading={exclude.isPending}
            onClick={onExclude}
            data-testid="number-check-exclude"
          >
            {c.exclude}
          </ReclickButton>
          <Button type="link" onClick={() => setOpen(!isOpen)}>
            {c.showRows}
          </Button>
        </Space>
        {isOpen && (
          <Table<TNumberCheckRow>
            size="small"
            rowKey="mobile"
            loading={rows.isLoading}
            dataSource={rows.data ?? []}
            pagination={{ pageSize: 8, showSizeChanger: false }}
            columns={[
              { key: 'mobile', title: c.mobile, dataIndex: 'mobile' },
              {
                key: 'result',
                title: c.result,
                render: (_v, r) => <Tag color={colorOf[r.result]}>{numberCheckResultLabel[r.result]}</Tag>,
              },
              { key: 'excluded', title: c.isExcluded, render: (_v, r) => (r.isExcluded ? c.isExcluded : '') },
            ]}
          />
        )}
      </Space>
    </Card>
  );
};
