import { PlusOutlined } from '@ant-design/icons';
import { Perm } from '@yunhu/contract';
import { Button, type ButtonProps, DatePicker, Form, Input, Radio } from 'antd';
import type { Dayjs } from 'dayjs';
import { useMemo, useState } from 'react';
import * as t from '../../../locales/zh-CN';
import { feedback } from '../../../shared/feedback';
import { FormModal } from '../../../shared/form/FormModal';
import { Permission } from '../../../shared/permission/Permission';
import { beijingMomentOf, beijingPickerNow } from '../../../shared/time/beijing';
import { ContentArea } from '../components/ContentArea';
import { type TVisitInput, useVisitActions } from './api';
import { visitResultOptions } from './format';

const v = t.visits;

/** The contract's visit, its time as the picker holds it (the customer comes from the page). */
type TVisitValues = Omit<TVisitInput, 'customerId' | 'visitAt'> & { visitAt: Dayjs };

type TVisitFormModalProps = {
  open: boolean;
  onClose: () => void;
  /** The customer the visit is for; without it the form asks for the customer's mobile. */
  customerId?: number;
};

/** 新增回访: for a given customer, or for the customer with a mobile. */
export const VisitFormModal = ({ open, onClose, customerId }: TVisitFormModalProps) => {
  const actions = useVisitActions();
  // "Now" when the modal opens; memoised so the form is not reset while it is filled in.
  const initial = useMemo<Partial<TVisitValues>>(
    () => (open ? { result: 'normal', visitAt: beijingPickerNow() } : {}),
    [open],
  );
  const onSubmit = async (values: TVisitValues) => {
    await actions.add({
      customerId,
      mobile: customerId ? undefined : values.mobile?.trim(),
      result: values.result,
      content: values.content.trim(),
      visitAt: beijingMomentOf(values.visitAt),
    });
    feedback.message.success(v.saved);
  };
  return (
    <FormModal<TVisitValues>
      open={open}
      title={v.add}
      initialValues={initial}
      onSubmit={onSubmit}
      onCancel={onClose}
      testId="crm-visit-modal"
      fields={
        <>
          {!customerId && (
            <Form.Item
              name="mobile"
              label={v.customerMobile}
              rules={[{ required: true, whitespace: true, message: v.customerMobileRequired }]}
            >
              <Input maxLength={20} placeholder={v.customerMobilePlaceholder} data-testid="crm-visit-mobile" />
            </Form.Item>
          )}
          <Form.Item name="result" label={v.result}>
            <Radio.Group options={visitResultOptions} />
          </Form.Item>
          <Form.Item
            name="content"
            label={v.content}
            rules={[{ required: true, whitespace: true, message: v.contentRequired }]}
          >
            <ContentArea placeholder={v.contentPlaceholder} testId="crm-visit-content" />
          </Form.Item>
          <Form.Item name="visitAt" label={v.visitAt} rules={[{ required: true, message: v.visitAtRequired }]}>
            <DatePicker
              showTime={{ format: 'HH:mm' }}
              format="YYYY-MM-DD HH:mm"
              allowClear={false}
              disabledDate={(d) => d.isAfter(beijingPickerNow(), 'day')}
            />
          </Form.Item>
        </>
      }
    />
  );
};

/** The 新增回访 button (with its form), for those who may add return visits. */
export const AddVisitButton = ({ customerId, ...rest }: { customerId?: number } & ButtonProps) => {
  const [isOpen, setOpen] = useState(false);
  return (
    <Permission value={Perm.visitAdd}>
      <Button icon={<PlusOutlined />} onClick={() => setOpen(true)} data-testid="crm-visit-add" {...rest}>
        {v.add}
      </Button>
      <VisitFormModal open={isOpen} onClose={() => setOpen(false)} customerId={customerId} />
    </Permission>
  );
};
