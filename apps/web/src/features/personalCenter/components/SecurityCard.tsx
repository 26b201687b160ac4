import { Button, Card, List } from 'antd';
import { useState } from 'react';
import * as t from '../../../locales/zh-CN';
import { Phone } from '../../../shared/components/Phone';
import { feedback } from '../../../shared/feedback';
import { FormModal } from '../../../shared/form/FormModal';
import { leaveWithMessage } from '../../../shared/session';
import { useUserStore } from '../../../shared/stores/user';
import { MobileCodeFields, PasswordFields } from '../../auth';
import { changePassword, sendPhoneCaptcha, updatePhone } from '../api';
import { WechatBind } from './WechatBind';

type TPasswordValues = { oldPassword: string; password: string };

export const SecurityCard = () => {
  const mobile = useUserStore((s) => s.user?.mobile);
  const [modal, setModal] = useState<'phone' | 'password' | null>(null);
  const close = () => setModal(null);
  return (
    <Card title={t.personal.security} data-testid="security-card">
      <List>
        <List.Item
          actions={[
            <Button key="phone" onClick={() => setModal('phone')} data-testid="change-mobile">
              {t.personal.changeMobile}
            </Button>,
          ]}
        >
          <List.Item.Meta title={t.personal.mobile} description={<Phone value={mobile} />} />
        </List.Item>
        <List.Item
          actions={[
            <Button key="pwd" onClick={() => setModal('password')} data-testid="change-password">
              {t.personal.changePassword}
            </Button>,
          ]}
        >
          <List.Item.Meta title={t.personal.changePassword} description="********" />
        </List.Item>
        <WechatBind />
      </List>
      <FormModal<{ mobile: string; code: string }>
        open={modal === 'phone'}
        title={t.personal.changeMobile}
        fields={(form) => (
          <MobileCodeFields form={form} purpose="phone" send={sendPhoneCaptcha} mobileLabel={t.personal.newMobile} />
        )}
        onSubmit={(v) => updatePhone(v.mobile, v.code)}
        onCancel={close}
        onDone={() => feedback.message.success(t.common.success)}
      />
      <FormModal<TPasswordValues>
        open={modal === 'password'}
        title={t.personal.changePassword}
        fields={
          <PasswordFields old={{ label: t.personal.oldPassword, placeholder: t.personal.oldPasswordPlaceholder }} />
        }
        onSubmit={(v) => changePassword(v.oldPassword, v.password)}
        onCancel={close}
        // The server revoked every session of the user: sign in again.
        onDone={() => leaveWithMessage(t.personal.passwordChanged)}
      />
    </Card>
  );
};
