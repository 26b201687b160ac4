import { CluePerm, clueRoutes, type TClueLedgerRow } from '@yunhu/contract';
import { Button, Card, Descriptions, InputNumber, Space, Typography } from 'antd';
import { useEffect, useState } from 'react';
import * as t from '../../../locales/zh-CN';
import { ReclickButton } from '../../../shared/components/ReclickButton';
import { feedback } from '../../../shared/feedback';
import { ListPage } from '../../../shared/list/ListPage';
import { timeColumn } from '../../../shared/list/timeColumn';
import type { TListColumn } from '../../../shared/list/types';
import { usePermission } from '../../../shared/permission/usePermission';
import { beijingFormat } from '../../../shared/time/beijing';
import { clueKeys, useQuota, useSaveSettings, useTrialTake } from '../api';
import { BuyPackages } from '../components/BuyPackages';

const c = t.clue;

const ledgerColumns: TListColumn<TClueLedgerRow>[] = [
  timeColumn(c.ledgerAt),
  {
    key: 'kind',
    title: c.ledgerKind,
    width: 110,
    render: (_: unknown, r: TClueLedgerRow) => c.ledgerKinds[r.kind] ?? r.kind,
  },
  {
    key: 'units',
    title: c.units,
    width: 90,
    render: (_: unknown, r: TClueLedgerRow) => (r.units > 0 ? `+${r.units}` : r.units),
  },
  { key: 'balanceAfter', title: c.balanceAfter, dataIndex: 'balanceAfter', width: 110 },
  { key: 'companyName', title: c.ledgerCompany, dataIndex: 'companyName' },
  { key: 'userName', title: c.ledgerUser, dataIndex: 'userName', width: 110 },
];

const DailyLimit = ({ value }: { value: number }) => {
  const [limit, setLimit] = useState(value);
  useEffect(() => setLimit(value), [value]);
  const save = useSaveSettings();
  const onSave = async () => {
    await save.mutateAsync(limit);
    feedback.message.success(c.dailyLimitSaved);
  };
  return (
    <Space>
      <InputNumber
        min={0}
        max={10000}
        precision={0}
        value={limit}
        onChange={(v) => setLimit(v ?? 0)}
        data-testid="clue-daily-limit"
      />
      <Button onClick={onSave} loading={save.isPending} data-testid="clue-daily-save">
        {c.save}
      </Button>
      <Typography.Text type="secondary">{c.dailyLimitNote}</Typography.Text>
    </Space>
  );
};

/** 线索额度 (Clue/enterpriseTry): the quota (trial, bought, used), the trial taken once, the daily limit, 线索包 to buy and the ledger. */
export const QuotaPage = () => {
  const { data: q } = useQuota();
  const canManage = usePermission(CluePerm.settings);
  const trial = useTrialTake();
  const onTrial = async () => {
    await trial.mutateAsync();
    feedback.message.success(c.trialOk);
  };
  return (
    <Space orientation="vertical" style={{ width: '100%' }}>
      <Card title={c.quotaTitle} data-testid="clue-quota">
        {q && (
          <Descriptions column={2} bordered size="small">
            <Descriptions.Item label={c.balance}>{q.balance}</Descriptions.Item>
            <Descriptions.Item label={c.source}>{q.source}</Descriptions.Item>
            <Descriptions.Item label={c.today}>{c.todayOf(q.usedToday, q.dailyLimit)}</Descriptions.Item>
            <Descriptions.Item label={c.unlockedTotal}>{q.unlockedTotal}</Descriptions.Item>
            <Descriptions.Item label={c.trialGranted}>{c.unitsOf(q.trialGranted)}</Descriptions.Item>
            <Descriptions.Item label={c.boughtUnits}>{c.unitsOf(q.boughtUnits)}</Descriptions.Item>
            <Descriptions.Item label={c.usedUnits} span={2}>
              {c.unitsOf(q.usedUnits)}
            </Descriptions.Item>
            <Descriptions.Item label={c.trial} span={2}>
              <Space>
                {q.trialTaken && q.trialAt !== null ? c.trialTaken(beijingFormat(q.trialAt)) : c.trialNotTaken}
                {!q.trialTaken && canManage && (
                  <ReclickButton type="primary" onClick={onTrial} loading={trial.isPending} data-testid="clue-trial">
                    {c.trialTake(q.trialUnits)}
                  </ReclickButton>
                )}
                <Typography.Text type="secondary">{c.trialNote}</Typography.Text>
              </Space>
            </Descriptions.Item>
            <Descriptions.Item label={c.dailyLimit} span={2}>
              {canManage ? <DailyLimit value={q.dailyLimit} /> : q.dailyLimit}
            </Descriptions.Item>
          </Descriptions>
        )}
      </Card>
      <BuyPackages />
      <ListPage pageKey={clueKeys.ledger} title={c.ledger} route={clueRoutes.quotaLedger} columns={ledgerColumns} />
    </Space>
  );
};
