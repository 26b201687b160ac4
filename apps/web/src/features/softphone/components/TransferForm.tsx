import { Button, Input, Space } from 'antd';
import { useState } from 'react';
import * as t from '../../../locales/zh-CN';
import { feedback } from '../../../shared/feedback';
import { loadPhone } from '../lazyPhone';

/** Blind transfer (REFER) of the current call to another number or colleague. */
export const TransferForm = ({ onDone }: { onDone: () => void }) => {
  const [target, setTarget] = useState('');
  const submit = () => {
    const value = target.trim();
    if (!value) return void feedback.message.warning(t.softphone.transferRequired);
    void loadPhone().then((phone) => phone.transfer(value));
    setTarget('');
    onDone();
  };
  return (
    <Space.Compact>
      <Input
        value={target}
        onChange={(e) => setTarget(e.target.value)}
        onPressEnter={submit}
        placeholder={t.softphone.transferPlaceholder}
        data-testid="softphone-transfer-target"
        style={{ width: 160 }}
      />
      <Button type="primary" onClick={submit} data-testid="softphone-transfer-confirm">
        {t.softphone.transferConfirm}
      </Button>
    </Space.Compact>
  );
};
