import { Form, Select } from 'antd';
import type { ReactNode } from 'react';
import * as t from '../../../locales/zh-CN';
import { feedback } from '../../../shared/feedback';
import { FormModal } from '../../../shared/form/FormModal';
import { useStaffOptions } from '../../seat';

/** Chooses the staff member a number is distributed or bound to. */
export const PickStaffModal = (props: {
  open: boolean;
  title: ReactNode;
  onSubmit: (userId: number) => Promise<unknown>;
  onClose: () => void;
  onDone?: () => void;
}) => {
  const staff = useStaffOptions(props.open);
  return (
    <FormModal<{ userId: number }>
      open={props.open}
      title={props.title}
      testId="line-pick-staff"
      onCancel={props.onClose}
      onDone={() => {
        feedback.message.success(t.line.done);
        props.onDone?.();
      }}
      onSubmit={(v) => props.onSubmit(v.userId)}
      fields={
        <Form.Item name="userId" label={t.line.holder} rules={[{ required: true, message: t.line.selectUser }]}>
          <Select
            showSearch={{ optionFilterProp: 'label' }}
            options={staff.data ?? []}
            loading={staff.isLoading}
            placeholder={t.line.selectUser}
            data-testid="line-staff-select"
          />
        </Form.Item>
      }
    />
  );
};
