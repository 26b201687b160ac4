import { useQueryClient } from '@tanstack/react-query';
import { crmRoutes } from '@yunhu/contract';
import { Form, Input } from 'antd';
import * as t from '../../../locales/zh-CN';
import { ReclickButton } from '../../../shared/components/ReclickButton';
import { feedback } from '../../../shared/feedback';
import { call } from '../../../shared/http/api';
import { invalidateCustomers } from '../api';

const c = t.crm;

/** 评论: a note on the customer that the team sees in the timeline. */
export const CommentForm = ({ customerId }: { customerId: number }) => {
  const [form] = Form.useForm<{ content: string }>();
  const client = useQueryClient();
  const onFinish = async ({ content }: { content: string }) => {
    try {
      await call(crmRoutes.commentAdd, { customerId, content: content.trim() });
      feedback.message.success(c.commentSaved);
      form.resetFields();
      await invalidateCustomers(client);
    } catch {
      // The HTTP client showed why; keep the text.
    }
  };
  return (
    <Form form={form} name="crmComment" onFinish={onFinish}>
      <Form.Item name="content" rules={[{ required: true, whitespace: true, message: c.commentRequired }]}>
        <Input.TextArea rows={3} maxLength={500} showCount placeholder={c.commentPlaceholder} />
      </Form.Item>
      <ReclickButton onClick={() => form.submit()}>{c.comment}</ReclickButton>
    </Form>
  );
};
