import type { TMarketListing } from '@yunhu/contract';
import { Form, Input } from 'antd';
import * as t from '../../../locales/zh-CN';
import { feedback } from '../../../shared/feedback';
import { FormModal } from '../../../shared/form/FormModal';
import { useApply } from '../api';

type TValues = { contactName: string; phone: string; note?: string };

/** 申请: who to call back about the item; the server keeps one open request per item. */
export const ApplyModal = ({ item, onClose }: { item: TMarketListing | null; onClose: () => void }) => {
  const apply = useApply();
  return (
    <FormModal<TValues>
      open={!!item}
      title={item ? t.market.applyTitle(item.name) : ''}
      testId="market-apply"
      okText={t.market.apply}
      onCancel={onClose}
      onSubmit={async (v) => {
        await apply.mutateAsync({ ...v, itemId: item!.id });
        feedback.message.success(t.market.applied);
      }}
      fields={
        <>
          <Form.Item
            name="contactName"
            label={t.market.contactName}
            rules={[{ required: true, whitespace: true, message: t.market.contactNameRequired }]}
          >
            <Input maxLength={20} />
          </Form.Item>
          <Form.Item
            name="phone"
            label={t.market.phone}
            rules={[{ required: true, whitespace: true, message: t.market.phoneRequired }]}
          >
            <Input maxLength={20} />
          </Form.Item>
          <Form.Item name="note" label={t.market.note}>
            <Input.TextArea rows={3} maxLength={500} showCount />
          </Form.Item>
        </>
      }
    />
  );
};
