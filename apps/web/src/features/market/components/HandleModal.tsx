import { marketRequestMoves, marketRequestStateLabel, type TMarketRequest } from '@yunhu/contract';
import { Form, Input, Select } from 'antd';
import * as t from '../../../locales/zh-CN';
import { feedback } from '../../../shared/feedback';
import { FormModal } from '../../../shared/form/FormModal';
import { useHandle } from '../api';

type TValues = { state: 'contacted' | 'done' | 'rejected'; reply?: string };

/** 处理: 已联系 / 已完成 / 已拒绝 (a refusal says why); the requester's bell hears of it. */
export const HandleModal = ({ request, onClose }: { request: TMarketRequest | null; onClose: () => void }) => {
  const handle = useHandle();
  const moves = request ? marketRequestMoves[request.state] : [];
  return (
    <FormModal<TValues>
      open={!!request}
      title={t.market.handleTitle}
      testId="market-handle"
      onCancel={onClose}
      initialValues={moves[0] ? { state: moves[0] as TValues['state'] } : undefined}
      onSubmit={async (v) => {
        await handle.mutateAsync({ id: request!.id, state: v.state, reply: v.reply ?? '' });
        feedback.message.success(t.market.handled);
      }}
      fields={(form) => (
        <>
          <Form.Item name="state" label={t.market.handleResult} rules={[{ required: true }]}>
            <Select options={moves.map((s) => ({ value: s, label: marketRequestStateLabel[s] }))} />
          </Form.Item>
          <Form.Item
            name="reply"
            label={t.market.reply}
            dependencies={['state']}
            rules={[
              {
                validator: async (_r, value?: string) => {
                  if (form.getFieldValue('state') === 'rejected' && !value?.trim()) {
                    throw new Error(t.market.rejectNeedsReply);
                  }
                },
              },
            ]}
          >
            <Input.TextArea rows={3} maxLength={500} showCount />
          </Form.Item>
        </>
      )}
    />
  );
};
