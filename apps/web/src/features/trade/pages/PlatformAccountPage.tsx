import { fenOf, tradeRoutes } from '@yunhu/contract';
import { Form, InputNumber } from 'antd';
import { useState } from 'react';
import * as t from '../../../locales/zh-CN';
import { feedback } from '../../../shared/feedback';
import { FormModal } from '../../../shared/form/FormModal';
import { ReasonField } from '../../../shared/form/ReasonField';
import { TextFilter } from '../../../shared/list/FilterItems';
import { ListPage } from '../../../shared/list/ListPage';
import { moneyColumn } from '../../../shared/list/moneyColumn';
import { RowAction } from '../../../shared/list/RowAction';
import { actionsColumn } from '../../../shared/list/types';
import { platformAccountPageKey, type TAccountRow, useTradeActions } from '../api';

const s = t.trade;

/** 企业账户 (platform/account): every enterprise's balance, and a manual adjustment with its reason. */
export const PlatformAccountPage = () => {
  const actions = useTradeActions();
  const [target, setTarget] = useState<(TAccountRow & { requestId: string }) | null>(null);
  return (
    <>
      <ListPage
        pageKey={platformAccountPageKey}
        title={s.platformAccountTitle}
        route={tradeRoutes.platformAccountPage}
        rowKey="tenantId"
        columns={[
          { key: 'enterpriseName', title: s.enterpriseName, dataIndex: 'enterpriseName' },
          moneyColumn<TAccountRow>(s.balance, 'balance'),
          moneyColumn<TAccountRow>(s.frozen, 'frozen'),
          ...actionsColumn<TAccountRow>(true, s.actions, (row) => (
            <RowAction onClick={() => setTarget({ ...row, requestId: crypto.randomUUID() })}>{s.adjust}</RowAction>
          )),
        ]}
        filters={<TextFilter name="name" label={s.enterpriseName} placeholder={s.enterpriseName} />}
      />
      <FormModal<{ amount: number; reason: string }>
        open={target !== null}
        title={target ? s.adjustTitle(target.enterpriseName) : ''}
        testId="adjust-modal"
        onCancel={() => setTarget(null)}
        onDone={() => feedback.message.success(s.done)}
        onSubmit={(v) =>
          actions.adjust({
            tenantId: target!.tenantId,
            amount: fenOf(v.amount),
            reason: v.reason,
            requestId: target!.requestId,
          })
        }
        fields={
          <>
            <Form.Item
              name="amount"
              label={s.adjustAmount}
              rules={[{ required: true, message: s.adjustAmountRequired }]}
            >
              <InputNumber precision={2} style={{ width: '100%' }} />
            </Form.Item>
            <ReasonField label={s.adjustReason} requiredMessage={s.adjustReasonRequired} minLength={2} />
          </>
        }
      />
    </>
  );
};
