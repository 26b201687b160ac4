import { certStatusLabel, certTypeLabel, type TCertification } from '@yunhu/contract';
import { Descriptions, Image, Tag } from 'antd';
import * as t from '../../../locales/zh-CN';
import { beijingFormat } from '../../../shared/time/beijing';

export const certStatusColor = { pending: 'processing', approved: 'success', rejected: 'error' } as const;

export const CertStatusTag = ({ status }: { status: TCertification['status'] }) => (
  <Tag color={certStatusColor[status]}>{certStatusLabel[status]}</Tag>
);

const time = (v: number | null) => (v ? beijingFormat(v, 'YYYY-MM-DD HH:mm') : '-');

/** One submission as submitted, with its review result. */
export const CertDetails = ({ cert }: { cert: TCertification }) => (
  <Descriptions column={2} size="small" bordered data-testid="cert-details">
    <Descriptions.Item label={t.cert.type}>{certTypeLabel[cert.type]}</Descriptions.Item>
    <Descriptions.Item label={t.cert.status}>
      <CertStatusTag status={cert.status} />
    </Descriptions.Item>
    {cert.type === 'enterprise' ? (
      <>
        <Descriptions.Item label={t.cert.companyName}>{cert.companyName}</Descriptions.Item>
        <Descriptions.Item label={t.cert.creditCode}>{cert.creditCode}</Descriptions.Item>
        <Descriptions.Item label={t.cert.legalPerson}>{cert.legalPerson}</Descriptions.Item>
        <Descriptions.Item label={t.cert.license}>
          {cert.licenseUrl ? <Image src={cert.licenseUrl} width={96} alt={t.cert.license} /> : '-'}
        </Descriptions.Item>
      </>
    ) : (
      <>
        <Descriptions.Item label={t.cert.personName}>{cert.personName}</Descriptions.Item>
        <Descriptions.Item label={t.cert.idCardNo}>{cert.idCardNo}</Descriptions.Item>
      </>
    )}
    <Descriptions.Item label={t.cert.submitter}>{cert.submitter}</Descriptions.Item>
    <Descriptions.Item label={t.cert.createdAt}>{time(cert.createdAt)}</Descriptions.Item>
    <Descriptions.Item label={t.cert.examiner}>{cert.examiner || '-'}</Descriptions.Item>
    <Descriptions.Item label={t.cert.examinedAt}>{time(cert.examinedAt)}</Descriptions.Item>
    {cert.reason && (
      <Descriptions.Item label={t.cert.reason} span={2}>
        {cert.reason}
      </Descriptions.Item>
    )}
  </Descriptions>
);
