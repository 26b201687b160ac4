import { AgentPerm, type TAgent } from '@yunhu/contract';
import { Switch, Tag } from 'antd';
import { useState } from 'react';
import * as t from '../../../locales/zh-CN';
import { feedback } from '../../../shared/feedback';
import { usePermission } from '../../../shared/permission/usePermission';
import { useAgentReportReview } from '../api';

const a = t.agent;

/** Whether the agent reviews its enterprises' number reports: a switch for who manages agents, a tag for others. */
export const AgentReviewSwitch = ({ agent }: { agent: TAgent }) => {
  const canManage = usePermission(AgentPerm.platformManage);
  const setReview = useAgentReportReview();
  const [isSaving, setSaving] = useState(false);
  if (!canManage) {
    return agent.reviewsReports ? <Tag color="green">{a.reviewsReportsYes}</Tag> : <Tag>{a.reviewsReportsNo}</Tag>;
  }
  const change = async (isAllowed: boolean) => {
    setSaving(true);
    try {
      await setReview(agent.id, isAllowed);
      feedback.message.success(isAllowed ? a.reviewsReportsOn(agent.name) : a.reviewsReportsOff(agent.name));
    } finally {
      setSaving(false);
    }
  };
  return (
    <Switch
      size="small"
      checked={agent.reviewsReports}
      loading={isSaving}
      onChange={(isAllowed) => void change(isAllowed).catch(() => undefined)}
      data-testid={`agent-reviews-${agent.code}`}
    />
  );
};
