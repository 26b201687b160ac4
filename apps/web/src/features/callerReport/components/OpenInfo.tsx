import { reportStateLabel } from '@yunhu/contract';
import { Descriptions, Tag } from 'antd';
import * as t from '../../../locales/zh-CN';
import { beijingFormat } from '../../../shared/time/beijing';
import { useOpenInfo } from '../api';

const c = t.callerReport;
const states = ['draft', 'pending', 'approved', 'rejected'] as const;

/** 开通情况: whether the platform asks for reports, the materials sent last, the reports by state, whether calls may go out. */
export const OpenInfo = () => {
  const { data } = useOpenInfo();
  if (!data) return null;
  return (
    <Descriptions column={2} size="small" bordered title={c.openInfoTitle} data-testid="report-open-info">
      <Descriptions.Item label={c.auditRequirement}>{data.isAuditOn ? c.auditOn : c.auditOff}</Descriptions.Item>
      <Descriptions.Item label={c.canCallLabel}>
        {data.canCall ? <Tag color="success">{c.canCall}</Tag> : <Tag color="warning">{c.cannotCall}</Tag>}
      </Descriptions.Item>
      <Descriptions.Item label={c.latestMaterials}>
        {data.materials
          ? `${c.versionLabel(data.materials.version)} · ${data.materials.submitter} · ${beijingFormat(data.materials.createdAt, 'YYYY-MM-DD HH:mm')}`
          : c.noMaterials}
      </Descriptions.Item>
      <Descriptions.Item label={c.reportCounts}>
        {states.map((s) => `${reportStateLabel[s]} ${data.reports[s]}`).join(' · ')}
      </Descriptions.Item>
    </Descriptions>
  );
};
