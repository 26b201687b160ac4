import type { TCertSubmit, TCertType } from '@yunhu/contract';
import { Button, Form, Image, Input, Radio, Space } from 'antd';
import * as t from '../../../locales/zh-CN';
import { ImageUploadButton } from '../../../shared/components/ImageUploadButton';
import { feedback } from '../../../shared/feedback';
import { IdentityNumberField } from '../../../shared/form/IdentityNumberField';
import { requiredText } from '../../../shared/form/rules';
import { uploadLicense, useSubmitCert } from '../api';

type TValues = Required<Omit<TCertSubmit, 'type'>> & { type: TCertType };

/** The submission form; personal is not offered once the enterprise holds it. */
export const CertForm = ({ isPersonalDone, onDone }: { isPersonalDone: boolean; onDone?: () => void }) => {
  const [form] = Form.useForm<TValues>();
  const submit = useSubmitCert();
  const licenseUrl = Form.useWatch('licenseUrl', form);
  const type = Form.useWatch('type', form);

  const onUpload = async (file: File) => {
    form.setFieldValue('licenseUrl', await uploadLicense(file));
    await form.validateFields(['licenseUrl']);
  };
  const onFinish = async (values: TValues) => {
    try {
      await submit.mutateAsync(values);
      feedback.message.success(t.cert.submitted);
      onDone?.();
    } catch {
      // Shown by the HTTP client; the form keeps its values.
    }
  };
  return (
    <Form<TValues>
      form={form}
      name="certForm"
      layout="vertical"
      style={{ maxWidth: 560 }}
      initialValues={{ type: 'enterprise' }}
      onFinish={onFinish}
      data-testid="cert-form"
    >
      <Form.Item name="type" label={t.cert.type} rules={[{ required: true }]}>
        <Radio.Group
          options={[
            { value: 'enterprise', label: t.cert.typeEnterprise },
            { value: 'personal', label: t.cert.typePersonal, disabled: isPersonalDone },
          ]}
        />
      </Form.Item>
      {type === 'personal' ? (
        <>
          <Form.Item name="personName" label={t.cert.personName} rules={requiredText(t.cert.personName)}>
            <Input maxLength={32} />
          </Form.Item>
          <IdentityNumberField name="idCardNo" label={t.cert.idCardNo} kind="idCardNo" />
        </>
      ) : (
        <>
          <Form.Item name="companyName" label={t.cert.companyName} rules={requiredText(t.cert.companyName)}>
            <Input maxLength={100} />
          </Form.Item>
          <IdentityNumberField
            name="creditCode"
            label={t.cert.creditCode}
            kind="creditCode"
            extra={t.cert.creditCodeHint}
          />
          <Form.Item name="legalPerson" label={t.cert.legalPerson} rules={requiredText(t.cert.legalPerson)}>
            <Input maxLength={32} />
          </Form.Item>
          <Form.Item label={t.cert.license} extra={t.cert.licenseHint} required>
            <Form.Item name="licenseUrl" noStyle rules={[{ required: true, message: t.cert.licenseRequired }]}>
              <Input type="hidden" />
            </Form.Item>
            <Space align="start">
              <ImageUploadButton onUpload={onUpload} testId="license-upload">
                {t.cert.uploadLicense}
              </ImageUploadButton>
              {licenseUrl && <Image src={licenseUrl} width={96} alt={t.cert.license} data-testid="license-preview" />}
            </Space>
          </Form.Item>
        </>
      )}
      <Button type="primary" htmlType="submit" loading={submit.isPending}>
        {t.cert.submit}
      </Button>
    </Form>
  );
};
