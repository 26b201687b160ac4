import { UploadOutlined } from '@ant-design/icons';
import {
  applicantTypeLabel,
  applicantTypes,
  reportDocKindLabel,
  reportDocKinds,
  requiredDocKinds,
  type TApplicantType,
  type TMaterials,
  type TMaterialsSubmit,
  type TReportDocKind,
} from '@yunhu/contract';
import { Button, Form, Input, Radio, Space, Upload } from 'antd';
import { useState } from 'react';
import * as t from '../../../locales/zh-CN';
import { feedback } from '../../../shared/feedback';
import { IdentityNumberField } from '../../../shared/form/IdentityNumberField';
import { optionsOf } from '../../../shared/form/options';
import { requiredText } from '../../../shared/form/rules';
import { uploadDocument, useSubmitMaterials } from '../api';
import { ScriptField } from './ScriptField';

const c = t.callerReport;
type TValues = Omit<TMaterialsSubmit, 'documents'> & { documents: Partial<Record<TReportDocKind, string>> };

const photoKinds: readonly TReportDocKind[] = ['license', 'idFront', 'idBack', 'idHandheld'];
const acceptOf = (kind: TReportDocKind) =>
  photoKinds.includes(kind)
    ? 'image/png,image/jpeg'
    : kind === 'script'
      ? '.doc,.docx,.pdf'
      : 'image/png,image/jpeg,.pdf';

/** One document's upload: images through the image check, the script and letters through the document one. */
const DocUpload = ({
  kind,
  value,
  onChange,
}: {
  kind: TReportDocKind;
  value?: string;
  onChange?: (v: string) => void;
}) => {
  const [isUploading, setUploading] = useState(false);
  return (
    <Space>
      <Upload
        accept={acceptOf(kind)}
        showUploadList={false}
        beforeUpload={(file) => {
          setUploading(true);
          uploadDocument(file, photoKinds.includes(kind) || file.type.startsWith('image/'))
            .then((name) => onChange?.(name))
            // The HTTP client showed the server's refusal.
            .catch(() => undefined)
            .finally(() => setUploading(false));
          return false;
        }}
      >
        <Button icon={<UploadOutlined />} loading={isUploading} data-testid={`upload-${kind}`}>
          {c.upload}
        </Button>
      </Upload>
      {value && <span data-testid={`uploaded-${kind}`}>{c.uploaded}</span>}
    </Space>
  );
};

/** A new version of the materials, filled from the latest (its documents too; the ID number is asked again). */
export const MaterialsForm = ({ latest }: { latest: TMaterials | null }) => {
  const [form] = Form.useForm<TValues>();
  const submit = useSubmitMaterials();
  const applicantType = (Form.useWatch('applicantType', form) ?? 'legal') as TApplicantType;
  const required = requiredDocKinds(applicantType);
  const onFinish = async ({ documents, ...values }: TValues) => {
    try {
      await submit.mutateAsync({
        ...values,
        documents: Object.entries(documents ?? {})
          .filter(([kind, file]) => file && (required.includes(kind as TReportDocKind) || kind === 'script'))
          .map(([kind, file]) => ({ kind: kind as TReportDocKind, file: file! })),
      });
      feedback.message.success(c.materialsSubmitted);
      form.setFieldValue('idNumber', '');
    } catch {
      // Shown by the HTTP client; the form keeps its values.
    }
  };
  const text = (name: keyof TValues, label: string, max: number) => (
    <Form.Item name={name} label={label} rules={requiredText(label)}>
      <Input maxLength={max} />
    </Form.Item>
  );
  return (
    <Form<TValues>
      form={form}
      name="materialsForm"
      layout="vertical"
      style={{ maxWidth: 640 }}
      onFinish={onFinish}
      initialValues={
        latest
          ? {
              ...latest,
              idNumber: '',
              documents: Object.fromEntries(latest.documents.map((d) => [d.kind, d.file])),
            }
          : { applicantType: 'legal', documents: {} }
      }
    >
      {text('companyName', c.companyName, 100)}
      <IdentityNumberField name="creditCode" label={c.creditCode} kind="creditCode" />
      <Form.Item name="applicantType" label={c.applicantType} rules={[{ required: true }]}>
        <Radio.Group options={optionsOf(applicantTypes, applicantTypeLabel)} />
      </Form.Item>
      {text('applicantName', c.applicantName, 32)}
      <IdentityNumberField name="idNumber" label={c.idNumber} kind="idCardNo" extra={c.idNumberHint} />
      {text('mobile', c.mobile, 20)}
      {text('contactName', c.contactName, 32)}
      {text('contactMobile', c.contactMobile, 20)}
      {text('usageScenario', c.usageScenario, 200)}
      <ScriptField />
      {reportDocKinds
        .filter((kind) => kind === 'script' || required.includes(kind))
        .map((kind) => (
          <Form.Item
            key={kind}
            name={['documents', kind]}
            label={reportDocKindLabel[kind]}
            extra={photoKinds.includes(kind) ? c.imageHint : c.scriptHint}
            rules={kind === 'script' ? [] : [{ required: true, message: c.docRequired(reportDocKindLabel[kind]) }]}
          >
            <DocUpload kind={kind} />
          </Form.Item>
        ))}
      <Button type="primary" htmlType="submit" loading={submit.isPending}>
        {c.submitMaterials}
      </Button>
    </Form>
  );
};
