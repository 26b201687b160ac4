import type { TApiKeyCreate } from '@yunhu/contract';
import { Alert, Checkbox, Form, Input, Modal, Space, Typography } from 'antd';
import { useState } from 'react';
import * as t from '../../../locales/zh-CN';
import { FormModal } from '../../../shared/form/FormModal';
import { useCreateKey, useKeyPermissions } from '../api';

const c = t.integration;

/** 创建密钥: a name and the permissions (the open API's that the administrator holds); then the key, once. */
export const KeyCreateModal = ({ open, onClose }: { open: boolean; onClose: () => void }) => {
  const create = useCreateKey();
  const perms = useKeyPermissions(open);
  const [made, setMade] = useState<string | null>(null);
  return (
    <>
      <FormModal<TApiKeyCreate>
        open={open}
        title={c.createKey}
        testId="apikey-form"
        onSubmit={async (values) => setMade((await create.mutateAsync(values)).key)}
        onCancel={onClose}
        fields={
          <>
            <Form.Item name="name" label={c.keyName} rules={[{ required: true, message: c.keyNameRequired }]}>
              <Input maxLength={50} data-testid="apikey-name" />
            </Form.Item>
            <Form.Item
              name="permissions"
              label={c.keyPermissions}
              rules={[{ required: true, message: c.keyPermissionsRequired }]}
            >
              <Checkbox.Group>
                <Space direction="vertical">
                  {(perms.data ?? []).map((p) => (
                    <Checkbox key={p.perm} value={p.perm}>
                      <code>{p.perm}</code>（{p.summaries.join('、')}）
                    </Checkbox>
                  ))}
                </Space>
              </Checkbox.Group>
            </Form.Item>
          </>
        }
      />
      <Modal
        open={made !== null}
        title={c.keyShownTitle}
        closable={false}
        maskClosable={false}
        cancelButtonProps={{ style: { display: 'none' } }}
        okText={c.keyShownDone}
        onOk={() => setMade(null)}
        destroyOnHidden
      >
        <Alert type="warning" showIcon message={c.keyShownHint} style={{ marginBottom: 12 }} />
        <Typography.Text code copyable data-testid="apikey-shown">
          {made}
        </Typography.Text>
      </Modal>
    </>
  );
};
