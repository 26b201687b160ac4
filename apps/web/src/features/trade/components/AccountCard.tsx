import { money } from '@yunhu/contract';
import { Card, Space, Statistic } from 'antd';
import * as t from '../../../locales/zh-CN';
import { useAccount } from '../api';
import { RechargeButton } from './RechargeButton';

const s = t.trade;

/** The enterprise's balance and frozen amount, where a buyer looks for them, and 充值 beside them. */
export const AccountCard = () => {
  const account = useAccount();
  return (
    <Card size="small" style={{ marginBottom: 16 }} loading={account.isLoading}>
      <Space size={48} align="center">
        <Statistic title={s.balance} value={money(account.data?.balance ?? 0)} data-testid="account-balance" />
        <Statistic title={s.frozen} value={money(account.data?.frozen ?? 0)} />
        <RechargeButton />
      </Space>
    </Card>
  );
};
