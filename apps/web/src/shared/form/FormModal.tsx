import { Form, type FormInstance, Modal } from 'antd';
import { type ReactNode, useEffect, useId, useState } from 'react';
import * as t from '../../locales/zh-CN';

type TFormModalProps<V extends object> = {
  open: boolean;
  title: ReactNode;
  /** Form items, or a function of the form instance (for fields that read other fields). */
  fields: ReactNode | ((form: FormInstance<V>) => ReactNode);
  initialValues?: Partial<V>;
  onSubmit: (values: V) => Promise<unknown>;
  onCancel: () => void;
  /** Called after a successful submit (the modal closes through onCancel's state too). */
  onDone?: () => void;
  okText?: string;
  testId?: string;
};

/** A modal form: validates, submits, closes on success, stays open (values kept) on error. */
export const FormModal = <V extends object>(props: TFormModalProps<V>) => {
  const [form] = Form.useForm<V>();
  // A form name prefixes the field ids, so a label here never points at a same-named field elsewhere.
  const formName = `modal${useId().replace(/[^A-Za-z0-9]/g, '')}`;
  const [isSaving, setSaving] = useState(false);
  const { open, initialValues } = props;
  useEffect(() => {
    if (open) {
      form.resetFields();
      if (initialValues) form.setFieldsValue(initialValues as Parameters<typeof form.setFieldsValue>[0]);
    }
  }, [open, initialValues, form]);
  const onOk = async () => {
    const values = await form.validateFields().catch(() => null);
    if (!values) return;
    setSaving(true);
    try {
      await props.onSubmit(values);
      props.onCancel();
      props.onDone?.();
    } catch {
      // The HTTP client showed the server's message; keep the form open so the user can fix it.
    } finally {
      setSaving(false);
    }
  };
  return (
    <Modal
      open={open}
      title={props.title}
      onOk={onOk}
      onCancel={props.onCancel}
      confirmLoading={isSaving}
      okText={props.okText ?? t.common.confirm}
      cancelText={t.common.cancel}
      destroyOnHidden
      data-testid={props.testId}
    >
      {/* Also on the form itself: in a browser the modal mounts its content after the effect above ran. */}
      <Form form={form} name={formName} layout="vertical" preserve={false} initialValues={initialValues}>
        {typeof props.fields === 'function' ? props.fields(form) : props.fields}
      </Form>
    </Modal>
  );
};
