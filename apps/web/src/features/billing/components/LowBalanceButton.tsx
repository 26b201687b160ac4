import { BillingPerm, fenOf } from '@yunhu/contract';
import { Button, Form, InputNumber, Switch, Typography } from 'antd';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import * as t from '../../../locales/zh-CN';
import { feedback } from '../../../shared/feedback';
import { FormModal } from '../../../shared/form/FormModal';
import { usePermission } from '../../../shared/permission/usePermission';
import { rechargePath } from '../../trade';
import { useBillingActions, useSettings } from '../api';

const s = t.billing;

/** 余额提醒: the threshold under which the administrators are told (and by SMS when asked). */
export const LowBalanceButton = () => {
  const canEdit = usePermission(BillingPerm.settings);
  const [isOpen, setOpen] = useState(false);
  const settings = useSettings(canEdit);
  const actions = useBillingActions();
  if (!canEdit) return null;
  return (
    <>
      <Button onClick={() => setOpen(true)} data-testid="low-balance-open">
        {s.lowBalance}
      </Button>
      <FormModal<{ amount: number; isSms: boolean }>
        open={isOpen && settings.data !== undefined}
        title={s.lowBalanceTitle}
        testId="low-balance-modal"
        initialValues={{ amount: (settings.data?.lowBalanceFen ?? 0) / 100, isSms: settings.data?.isSms ?? false }}
        onCancel={() => setOpen(false)}
        onDone={() => feedback.message.success(s.saved)}
        onSubmit={(v) => actions.saveSettings({ lowBalanceFen: fenOf(v.amount ?? 0), isSms: Boolean(v.isSms) })}
        fields={
          <>
            <Form.Item name="amount" label={s.lowBalanceAmount} rules={[{ required: true, message: s.required }]}>
              <InputNumber min={0} precision={2} style={{ width: '100%' }} />
            </Form.Item>
            <Form.Item name="isSms" label={s.lowBalanceSms} valuePropName="checked">
              <Switch />
            </Form.Item>
            <Typography.Text type="secondary">{s.lowBalanceHint}</Typography.Text>{' '}
            <Link to={rechargePath} data-testid="low-balance-recharge">
              {t.recharge.lowBalanceLink}
            </Link>
          </>
        }
      />
    </>
  );
};
