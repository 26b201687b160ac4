import type { agentRoutes, TRequestOf } from '@yunhu/contract';
import { Alert, Form, Input, Radio, Select } from 'antd';
import { useMemo } from 'react';
import { t } from '../../../locales/zh-CN';
import { feedback } from '../../../shared/feedback';
import { FormModal } from '../../../shared/form/FormModal';
import { useNoticeEnterprises, usePublishAgentNotice } from '../noticeApi';

const n = t.agentNotice;
type TValues = Omit<TRequestOf<typeof agentRoutes.noticePublish>, 'requestKey'>;
// One object for every render: FormModal resets its fields whenever initialValues changes.
const defaults: Partial<TValues> = { audience: 'all' };

/**
 * 发布公告: a new request key each time the dialog opens, so a double click or a retry of the same
 * dialog publishes once (the server keeps one notice per key); FormModal also locks while it sends.
 */
export const NoticePublishModal = ({ open, onClose }: { open: boolean; onClose: () => void }) => {
  const publish = usePublishAgentNotice();
  const enterprises = useNoticeEnterprises(open);
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new key per opening of the dialog.
  const requestKey = useMemo(() => crypto.randomUUID(), [open]);
  return (
    <FormModal<TValues>
      open={open}
      title={n.publish}
      okText={n.publish}
      testId="agent-notice-publish"
      initialValues={defaults}
      onCancel={onClose}
      onSubmit={async (v) => {
        await publish.mutateAsync({
          ...v,
          enterpriseIds: v.audience === 'all' ? [] : (v.enterpriseIds ?? []),
          requestKey,
        });
        feedback.message.success(n.published);
      }}
      fields={
        <>
          <Alert type="info" showIcon style={{ marginBottom: 16 }} message={n.publishHint} />
          <Form.Item
            name="title"
            label={n.title}
            rules={[{ required: true, whitespace: true, message: n.required(n.title) }]}
          >
            <Input maxLength={60} showCount />
          </Form.Item>
          <Form.Item
            name="content"
            label={n.content}
            rules={[{ required: true, whitespace: true, message: n.required(n.content) }]}
          >
            <Input.TextArea maxLength={2000} rows={4} showCount />
          </Form.Item>
          <Form.Item name="audience" label={n.audience}>
            <Radio.Group
              options={[
                { value: 'all', label: n.audienceAll },
                { value: 'chosen', label: n.audienceChosen },
              ]}
            />
          </Form.Item>
          <Form.Item noStyle dependencies={['audience']}>
            {({ getFieldValue }) =>
              getFieldValue('audience') === 'chosen' && (
                <Form.Item
                  name="enterpriseIds"
                  label={n.enterprises}
                  rules={[{ required: true, message: n.chooseEnterprises }]}
                >
                  <Select
                    mode="multiple"
                    showSearch
                    optionFilterProp="label"
                    loading={enterprises.isLoading}
                    options={(enterprises.data?.records ?? []).map((e) => ({ value: e.id, label: e.name }))}
                  />
                </Form.Item>
              )
            }
          </Form.Item>
        </>
      }
    />
  );
};
