import { useQueryClient } from '@tanstack/react-query';
import { crmRoutes } from '@yunhu/contract';
import { Button, Card, Form, Space } from 'antd';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import * as t from '../../../locales/zh-CN';
import { feedback } from '../../../shared/feedback';
import { call } from '../../../shared/http/api';
import { invalidateCustomers, useFieldList } from '../api';
import { CustomerFormFields } from '../components/CustomerFormFields';
import { detailPath } from '../components/customerColumns';
import { newCustomerDefaults, type TCustomerFormValues, toCustomerBody } from '../customerForm';

const c = t.crm;

/** 新建客户 (CRM/createNewCustomer): after saving, the new customer's details. */
export const CreateCustomerPage = () => {
  const [form] = Form.useForm<TCustomerFormValues>();
  const navigate = useNavigate();
  const client = useQueryClient();
  const fields = useFieldList();
  const [isSaving, setSaving] = useState(false);
  const onFinish = async (values: TCustomerFormValues) => {
    setSaving(true);
    try {
      const { ownerId, ...body } = toCustomerBody(values, fields);
      const created =
        ownerId === null
          ? await call(crmRoutes.poolCreate, body)
          : await call(crmRoutes.customerCreate, { ...body, ownerId });
      feedback.message.success(c.created(created.name));
      void invalidateCustomers(client);
      navigate(detailPath(created.id, created.ownerId === null ? 'public' : 'private'));
    } catch {
      // The HTTP client showed the server's message (a duplicate mobile names its owner); keep the form.
    } finally {
      setSaving(false);
    }
  };
  return (
    <Card title={c.createCustomer} style={{ maxWidth: 960 }}>
      <Form<TCustomerFormValues>
        form={form}
        name="crmCreate"
        layout="vertical"
        initialValues={newCustomerDefaults}
        onFinish={onFinish}
        scrollToFirstError
      >
        <CustomerFormFields form={form} fields={fields} isNew />
        <Space>
          <Button type="primary" htmlType="submit" loading={isSaving} data-testid="crm-create-submit">
            {t.common.save}
          </Button>
          <Button onClick={() => navigate(-1)}>{t.common.back}</Button>
        </Space>
      </Form>
    </Card>
  );
};
