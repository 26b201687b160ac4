import { App, Form, Modal, Radio } from 'antd';
import { useState } from 'react';
import { t } from '../../../../locales/zh-CN';
import { useAddItems } from '../api';
import { AgentSelect } from './AgentSelect';
import { CustomerPicker, type TCustomerPick } from './CustomerPicker';

const c = t.taskCard;

/** 添加客户: more customers for a task, spread among agents like at creation. */
export const AddItemsModal = ({ taskId, open, onClose }: { taskId: number; open: boolean; onClose: () => void }) => {
  const [form] = Form.useForm<{ userIds: number[]; assign: 'even' | 'owner' }>();
  const [pick, setPick] = useState<TCustomerPick>({ customerIds: [] });
  const add = useAddItems();
  const { message } = App.useApp();
  const assign = Form.useWatch('assign', form);
  const onOk = async () => {
    const values = await form.validateFields().catch(() => null);
    if (!values) return;
    if ('customerIds' in pick && pick.customerIds.length === 0) {
      message.warning(c.customersRequired);
      return;
    }
    if (!(await add.mutateAsync({ id: taskId, ...values, ...pick }).catch(() => null))) return;
    message.success(c.added);
    onClose();
  };
  return (
    <Modal
      open={open}
      title={c.addItems}
      width={860}
      onOk={onOk}
      onCancel={onClose}
      confirmLoading={add.isPending}
      okText={t.common.confirm}
      cancelText={t.common.cancel}
      destroyOnHidden
      data-testid="task-add-items"
    >
      <CustomerPicker onChange={setPick} />
      <Form form={form} layout="vertical" initialValues={{ assign: 'even', userIds: [] }} preserve={false}>
        <Form.Item name="assign" label={c.assign}>
          <Radio.Group
            options={[
              { value: 'even', label: c.assignEven },
              { value: 'owner', label: c.assignOwner },
            ]}
          />
        </Form.Item>
        {assign !== 'owner' && (
          <Form.Item name="userIds" label={c.agents} rules={[{ required: true, message: c.agentsRequired }]}>
            <AgentSelect />
          </Form.Item>
        )}
      </Form>
    </Modal>
  );
};
