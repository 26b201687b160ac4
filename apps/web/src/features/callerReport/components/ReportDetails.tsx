import {
  applicantTypeLabel,
  reportDocKindLabel,
  reportStateLabel,
  type TCallerReport,
  type TMaterials,
  type TReportState,
} from '@yunhu/contract';
import { Button, Descriptions, Empty, Space, Spin, Tag } from 'antd';
import * as t from '../../../locales/zh-CN';
import { beijingFormat } from '../../../shared/time/beijing';
import { openDocument, type useReportDetail } from '../api';
import { useDocumentRoute } from '../reviewDesk';

const c = t.callerReport;
const stateColor = { draft: 'default', pending: 'processing', approved: 'success', rejected: 'error' } as const;

export const ReportStateTag = ({ state }: { state: TReportState }) => (
  <Tag color={stateColor[state]}>{reportStateLabel[state]}</Tag>
);

const time = (v: number | null) => (v ? beijingFormat(v, 'YYYY-MM-DD HH:mm') : '-');

/** One version of the materials, its documents opened through the signed-in download. */
export const MaterialsDetails = ({ materials }: { materials: TMaterials }) => {
  const documentRoute = useDocumentRoute();
  return (
    <Descriptions column={2} size="small" bordered data-testid="materials-details">
      <Descriptions.Item label={c.version}>{c.versionLabel(materials.version)}</Descriptions.Item>
      <Descriptions.Item label={c.companyName}>{materials.companyName}</Descriptions.Item>
      <Descriptions.Item label={c.creditCode}>{materials.creditCode}</Descriptions.Item>
      <Descriptions.Item label={c.applicantType}>{applicantTypeLabel[materials.applicantType]}</Descriptions.Item>
      <Descriptions.Item label={c.applicantName}>{materials.applicantName}</Descriptions.Item>
      <Descriptions.Item label={c.idNumber}>{materials.idNumberMasked}</Descriptions.Item>
      <Descriptions.Item label={c.mobile}>{materials.mobile}</Descriptions.Item>
      <Descriptions.Item label={c.contactName}>
        {materials.contactName} {materials.contactMobile}
      </Descriptions.Item>
      <Descriptions.Item label={c.usageScenario} span={2}>
        {materials.usageScenario}
      </Descriptions.Item>
      <Descriptions.Item label={c.script} span={2}>
        <div style={{ whiteSpace: 'pre-wrap' }}>{materials.script}</div>
      </Descriptions.Item>
      <Descriptions.Item label={c.documents} span={2}>
        {materials.documents.length === 0 ? (
          '-'
        ) : (
          <Space wrap>
            {materials.documents.map((d) => (
              <Button key={d.file} size="small" onClick={() => void openDocument(d.file, d.name, documentRoute)}>
                {reportDocKindLabel[d.kind]}
              </Button>
            ))}
          </Space>
        )}
      </Descriptions.Item>
      <Descriptions.Item label={c.submitter}>{materials.submitter}</Descriptions.Item>
      <Descriptions.Item label={c.submittedAt}>{time(materials.createdAt)}</Descriptions.Item>
    </Descriptions>
  );
};

/** A report and, beside it, the materials version it was submitted with. */
export const ReportDetails = ({ report, materials }: { report: TCallerReport; materials: TMaterials | null }) => (
  <Space direction="vertical" size="large" style={{ width: '100%' }}>
    <Descriptions column={2} size="small" bordered data-testid="report-details">
      <Descriptions.Item label={c.enterprise}>{report.enterpriseName}</Descriptions.Item>
      <Descriptions.Item label={c.state}>
        <ReportStateTag state={report.state} />
      </Descriptions.Item>
      <Descriptions.Item label={c.line}>{report.lineName}</Descriptions.Item>
      <Descriptions.Item label={c.number}>{report.number}</Descriptions.Item>
      <Descriptions.Item label={c.scenario} span={2}>
        {report.scenario}
      </Descriptions.Item>
      <Descriptions.Item label={c.script} span={2}>
        <div style={{ whiteSpace: 'pre-wrap' }}>{report.script}</div>
      </Descriptions.Item>
      {report.reason && (
        <Descriptions.Item label={c.reason} span={2}>
          {report.reason}
        </Descriptions.Item>
      )}
      <Descriptions.Item label={c.creator}>{report.creator}</Descriptions.Item>
      <Descriptions.Item label={c.submittedAt}>{time(report.submittedAt)}</Descriptions.Item>
      <Descriptions.Item label={c.reviewer}>{report.reviewer || '-'}</Descriptions.Item>
      <Descriptions.Item label={c.reviewedAt}>{time(report.reviewedAt)}</Descriptions.Item>
    </Descriptions>
    <div>
      <h4>{c.materialsOfReport}</h4>
      {materials ? <MaterialsDetails materials={materials} /> : <Empty description={c.noMaterialsOfReport} />}
    </div>
  </Space>
);

/** The detail query's report: a spinner while it loads, 未找到 when there is none. */
export const LoadedReportDetails = ({ detail }: { detail: ReturnType<typeof useReportDetail> }) =>
  detail.isLoading ? (
    <Spin />
  ) : detail.data ? (
    <ReportDetails report={detail.data.report} materials={detail.data.materials} />
  ) : (
    c.notFound
  );
