import type { TMarketItem, TMarketItemSave } from '@yunhu/contract';
import { Form, Input, InputNumber, Switch } from 'antd';
import * as t from '../../../locales/zh-CN';
import { feedback } from '../../../shared/feedback';
import { FormModal } from '../../../shared/form/FormModal';
import type { TEditModalProps } from '../../../shared/form/useEditModal';
import { useSaveItem } from '../api';

type TValues = Omit<TMarketItemSave, 'id'>;

/** A market item's words, link, contact, price text and listing; `editing` null: a new one. */
export const ItemFormModal = ({ open, editing: item, onClose }: TEditModalProps<TMarketItem>) => {
  const save = useSaveItem();
  return (
    <FormModal<TValues>
      open={open}
      title={item ? t.market.editItem : t.market.addItem}
      testId="market-item-form"
      initialValues={item ?? { isListed: true, sort: 0 }}
      onCancel={onClose}
      onSubmit={async (v) => {
        await save.mutateAsync({ ...v, ...(item ? { id: item.id } : {}) });
        feedback.message.success(t.market.saved);
      }}
      fields={
        <>
          <Form.Item name="name" label={t.market.itemName} rules={[{ required: true, whitespace: true, max: 40 }]}>
            <Input maxLength={40} />
          </Form.Item>
          <Form.Item name="vendor" label={t.market.vendor} rules={[{ required: true, whitespace: true, max: 40 }]}>
            <Input maxLength={40} />
          </Form.Item>
          <Form.Item
            name="description"
            label={t.market.description}
            rules={[{ required: true, whitespace: true, max: 1000 }]}
          >
            <Input.TextArea rows={4} maxLength={1000} showCount />
          </Form.Item>
          <Form.Item name="link" label={t.market.linkLabel}>
            <Input maxLength={300} placeholder="https://" />
          </Form.Item>
          <Form.Item name="contact" label={t.market.contactLabel}>
            <Input maxLength={60} />
          </Form.Item>
          <Form.Item name="priceText" label={t.market.priceLabel}>
            <Input maxLength={60} />
          </Form.Item>
          <Form.Item name="sort" label={t.market.sort}>
            <InputNumber min={0} max={9999} precision={0} />
          </Form.Item>
          <Form.Item name="isListed" label={t.market.listed} valuePropName="checked">
            <Switch />
          </Form.Item>
        </>
      }
    />
  );
};
