import { authRoutes } from '@yunhu/contract';
import { Form, Modal } from 'antd';
import { useState } from 'react';
import * as t from '../../../locales/zh-CN';
import { feedback } from '../../../shared/feedback';
import { call } from '../../../shared/http/api';
import { MobileCodeFields } from './MobileCodeFields';
import { PasswordFields } from './PasswordFields';

type TValues = { mobile: string; code: string; password: string };

/** 忘记密码: mobile + SMS code (type reset) + new password. */
export const ForgotPasswordModal = ({ open, onClose }: { open: boolean; onClose: () => void }) => {
  const [form] = Form.useForm<TValues>();
  const [isBusy, setBusy] = useState(false);
  const onOk = async () => {
    const values = await form.validateFields().catch(() => null);
    if (!values) return;
    setBusy(true);
    try {
      await call(authRoutes.updatePasswordBySms, {
        mobile: values.mobile,
        code: values.code,
        newPassword: values.password,
      });
      feedback.message.success(t.auth.resetDone);
      form.resetFields();
      onClose();
    } catch {
      // Shown by the HTTP client; the modal stays open.
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal
      open={open}
      title={t.auth.resetTitle}
      onOk={onOk}
      onCancel={onClose}
      confirmLoading={isBusy}
      okText={t.common.confirm}
      cancelText={t.common.cancel}
      data-testid="forgot-modal"
    >
      <Form form={form} layout="vertical">
        <MobileCodeFields form={form} purpose="reset" />
        <PasswordFields />
      </Form>
    </Modal>
  );
};
