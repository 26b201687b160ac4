import {
  CluePerm,
  clueBatchRoutes,
  clueTargetLabel,
  clueTargets,
  type TClueMatchOutcome,
  type TClueMatchRow,
  type TClueTarget,
} from '@yunhu/contract';
import { Alert, Button, type ButtonProps, Card, Modal, Radio, Space, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import * as t from '../../../locales/zh-CN';
import { feedback } from '../../../shared/feedback';
import { download } from '../../../shared/http/api';
import { RowsTable } from '../../../shared/list/RowsTable';
import { usePermission } from '../../../shared/permission/usePermission';
import { NumberCheckPanel } from '../../numberCheck';
import { useMatchConvert, useMatchRows, useMatchState, useQuota } from '../api';
import { MatchImportModal } from '../components/MatchImportModal';
import { QuotaSummary } from '../components/QuotaSummary';

const m = t.clueMatch;

const rowColumns = [
  { key: 'row', title: m.row, dataIndex: 'row', width: 72 },
  { key: 'input', title: m.input, dataIndex: 'input' },
  { key: 'name', title: m.company, dataIndex: 'name' },
  { key: 'creditCode', title: t.clue.creditCode, dataIndex: 'creditCode', width: 190 },
  {
    key: 'state',
    title: m.state,
    width: 170,
    render: (_: unknown, r: TClueMatchRow) => (
      <Space size={4}>
        <Tag color={r.isUnlocked ? 'blue' : undefined}>{r.isUnlocked ? m.unlocked : m.locked}</Tag>
        {r.isCustomer && <Tag color="green">{m.isCustomer}</Tag>}
        {r.isBlacklisted && <Tag color="red">{m.blacklisted}</Tag>}
      </Space>
    ),
  },
];

const outcomeColumns = [
  { key: 'row', title: m.row, dataIndex: 'row', width: 72 },
  { key: 'name', title: m.company, dataIndex: 'name' },
  {
    key: 'charged',
    title: m.charged,
    width: 100,
    render: (_: unknown, o: TClueMatchOutcome) => (o.isCharged ? 1 : 0),
  },
  {
    key: 'outcome',
    title: m.outcome,
    render: (_: unknown, o: TClueMatchOutcome) =>
      o.isOk ? <Tag color="green">{m.outcomeOk}</Tag> : <Tag color="red">{o.reason}</Tag>,
  },
];

/**
 * 批量匹配 (Clue/batchEnterprise): upload a list, see what matched, download the result, and unlock
 * and convert the matched companies in one step; the batch stays in the address (?batch=).
 */
export const BatchPage = () => {
  const [params, setParams] = useSearchParams();
  const batchId = params.get('batch');
  const [isImporting, setImporting] = useState(false);
  const [target, setTarget] = useState<TClueTarget>('mine');
  const [outcomes, setOutcomes] = useState<TClueMatchOutcome[] | null>(null);
  const { data: rows, isLoading } = useMatchRows(batchId);
  const { data: state } = useMatchState(batchId);
  const { data: quota } = useQuota();
  const convert = useMatchConvert();
  const canUnlock = usePermission(CluePerm.unlock);
  const canConvert = usePermission(CluePerm.convert) && canUnlock;
  const show = (id: string) => {
    setOutcomes(null);
    setParams({ batch: id });
  };
  const run = async () => {
    const answer = await convert.mutateAsync({ batchId: batchId!, target });
    feedback.message.info(m.convertDone(answer.charged, answer.converted, answer.outcomes.length - answer.converted));
    setOutcomes(answer.outcomes);
  };
  const onConvert = () => {
    // A black-listed company is refused before any unit is drawn.
    const toUnlock = (rows ?? []).filter((r) => !r.isUnlocked && !r.isBlacklisted).length;
    Modal.confirm({
      title: m.convert,
      content: m.convertConfirm(toUnlock, quota?.balance ?? 0),
      onOk: run,
      okButtonProps: { 'data-testid': 'clue-match-convert-ok' } as ButtonProps,
    });
  };
  const list = rows ?? [];
  return (
    <Space orientation="vertical" style={{ width: '100%' }}>
      <Card
        title={m.title}
        extra={
          <Space>
            <QuotaSummary />
            <Button type="primary" onClick={() => setImporting(true)} data-testid="clue-match-open">
              {m.upload}
            </Button>
          </Space>
        }
      >
        <Typography.Paragraph type="secondary">{m.hint}</Typography.Paragraph>
        {!batchId && <Alert type="info" title={m.empty} />}
      </Card>
      {batchId && (
        <Card
          title={m.resultTitle(state?.fileName ?? '')}
          loading={isLoading}
          data-testid="clue-match-result"
          extra={
            <Button onClick={() => void download(clueBatchRoutes.matchReport, { batchId }, `${m.reportName}.xlsx`)}>
              {m.download}
            </Button>
          }
        >
          <Space orientation="vertical" style={{ width: '100%' }}>
            <Typography.Text data-testid="clue-match-counts">
              {m.counts(
                list.length,
                state?.invalidCount ?? 0,
                list.filter((r) => r.isUnlocked).length,
                list.filter((r) => r.isCustomer).length,
              )}
            </Typography.Text>
            {canConvert && (
              <Space>
                {m.convertTarget}
                <Radio.Group
                  value={target}
                  onChange={(e) => setTarget(e.target.value)}
                  options={clueTargets.map((v) => ({ value: v, label: clueTargetLabel[v] }))}
                />
                <Button
                  type="primary"
                  disabled={list.length === 0}
                  loading={convert.isPending}
                  onClick={onConvert}
                  data-testid="clue-match-convert"
                >
                  {m.convert}
                </Button>
              </Space>
            )}
            {canConvert && state?.status === 'done' && <NumberCheckPanel source="clueMatch" batchId={batchId} />}
            {outcomes && (
              <RowsTable
                rowKey="companyId"
                columns={outcomeColumns}
                rows={outcomes}
                pageSize={10}
                data-testid="clue-match-outcomes"
              />
            )}
            <RowsTable rowKey="row" columns={rowColumns} rows={list} pageSize={20} data-testid="clue-match-rows" />
          </Space>
        </Card>
      )}
      {isImporting && <MatchImportModal open onClose={() => setImporting(false)} onDone={show} />}
    </Space>
  );
};
