import { useQueryClient } from '@tanstack/react-query';
import { crmRoutes, type TCustomer } from '@yunhu/contract';
import type { FormInstance } from 'antd';
import { useEffect, useMemo, useRef } from 'react';
import * as t from '../../../locales/zh-CN';
import { maskPhone } from '../../../shared/components/Phone';
import { feedback } from '../../../shared/feedback';
import { FormModal } from '../../../shared/form/FormModal';
import { call } from '../../../shared/http/api';
import { invalidateCustomers, useCustomFields, useFieldList } from '../api';
import { fromCustomer, type TCustomerFormValues, toCustomerBody } from '../customerForm';
import { CustomerFormFields } from './CustomerFormFields';

/**
 * Fills the form once, when its content mounts. (Values handed to the modal before its form is
 * mounted got lost, and a later refetch must not wipe what the user is typing.)
 */
const Prefill = ({ form, values }: { form: FormInstance<TCustomerFormValues>; values: TCustomerFormValues }) => {
  const first = useRef(values);
  useEffect(() => form.setFieldsValue(first.current), [form]);
  return null;
};

/** 编辑客户 in a modal; a mobile the user may not see stays as it is. */
export const CustomerFormModal = ({ customer, onClose }: { customer: TCustomer | null; onClose: () => void }) => {
  const client = useQueryClient();
  const fieldsQuery = useCustomFields();
  const fields = useFieldList();
  const initialValues = useMemo(() => (customer ? fromCustomer(customer, fields) : undefined), [customer, fields]);
  const onSubmit = async (values: TCustomerFormValues) => {
    if (!customer) return;
    const { mobile, ...body } = toCustomerBody(values, fields);
    await call(customer.ownerId === null ? crmRoutes.poolUpdate : crmRoutes.customerUpdate, {
      id: customer.id,
      ...body,
      ...(customer.isMobileMasked ? {} : { mobile }),
    });
    feedback.message.success(t.crm.saved);
    void invalidateCustomers(client);
  };
  return (
    <FormModal<TCustomerFormValues>
      // Opens once the custom fields are known, so their values are filled in too.
      open={customer !== null && fieldsQuery.isFetched}
      title={t.crm.editCustomer}
      onSubmit={onSubmit}
      onCancel={onClose}
      testId="crm-edit"
      fields={(form) => (
        <>
          {initialValues && <Prefill form={form} values={initialValues} />}
          <CustomerFormFields
            form={form}
            fields={fields}
            isNew={false}
            excludeId={customer?.id}
            maskedMobile={customer?.isMobileMasked ? maskPhone(customer.mobile) : undefined}
          />
        </>
      )}
    />
  );
};
