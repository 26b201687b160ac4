import { Button, Modal, Space, Spin, Typography } from 'antd';
import { useEffect, useState } from 'react';
import * as t from '../../../locales/zh-CN';
import { feedback } from '../../../shared/feedback';
import { rotateSecret, showSecret } from '../api';

const c = t.integration;

/** An endpoint's signing secret, asked for when opened, copyable, rotatable. */
export const SecretModal = ({ endpointId, onClose }: { endpointId: number | null; onClose: () => void }) => {
  const [secret, setSecret] = useState<string | null>(null);
  useEffect(() => {
    setSecret(null);
    if (endpointId === null) return;
    showSecret(endpointId)
      .then((s) => setSecret(s.secret))
      .catch(onClose);
  }, [endpointId, onClose]);
  const onRotate = () =>
    Modal.confirm({
      title: c.rotate,
      content: c.rotateConfirm,
      okText: t.common.confirm,
      cancelText: t.common.cancel,
      okButtonProps: { danger: true },
      onOk: () =>
        rotateSecret(endpointId!)
          .then((s) => {
            setSecret(s.secret);
            feedback.message.success(c.rotated);
          })
          .catch(() => undefined),
    });
  return (
    <Modal
      open={endpointId !== null}
      title={c.secretTitle}
      onCancel={onClose}
      footer={
        <Space>
          <Button danger onClick={onRotate} data-testid="webhook-rotate">
            {c.rotate}
          </Button>
          <Button type="primary" onClick={onClose}>
            {c.close}
          </Button>
        </Space>
      }
      destroyOnHidden
    >
      <Typography.Paragraph type="secondary">{c.secretHint}</Typography.Paragraph>
      {secret ? (
        <Typography.Text code copyable data-testid="webhook-secret">
          {secret}
        </Typography.Text>
      ) : (
        <Spin />
      )}
    </Modal>
  );
};
