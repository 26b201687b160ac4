import { Form, Modal } from 'antd';
import { useState } from 'react';
import * as t from '../../../../locales/zh-CN';
import { useApp } from '../../../../shared/modal/useApp';
import { useAddItems } from '../api';
import { AssignFields } from './AgentSelect';
import { CustomerPicker, type TCustomerPick } from './CustomerPicker';

const c = t.taskCard;

/** 添加客户: more customers for a task, spread among agents like at creation. */
export const AddItemsModal = ({ taskId, open, onClose }: { taskId: number; open: boolean; onClose: () => void }) => {
  const [form] = Form.useForm<{ userIds: number[]; assign: 'even' | 'owner' }>();
  const [pick, setPick] = useState<TCustomerPick>({ customerIds: [] });
  const add = useAddItems();
  const { message } = useApp();
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
        <AssignFields />
      </Form>
    </Modal>
  );
};
