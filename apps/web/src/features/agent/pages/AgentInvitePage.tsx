import { CopyOutlined } from '@ant-design/icons';
import { inviteLinkPath } from '@yunhu/contract';
import { Button, Card, Descriptions, Skeleton, Space, Typography } from 'antd';
import * as t from '../../../locales/zh-CN';
import { feedback } from '../../../shared/feedback';
import { useAgentInfo } from '../api';

const a = t.agent;

/** The registration link of an invitation code, on this console's own address. */
export const inviteLinkOf = (code: string, origin = window.location.origin) =>
  `${origin}${window.location.pathname}${inviteLinkPath(code).slice(1)}`;

/** 邀请码 (agent/invite): the code and its registration link, copied with one click. */
export const AgentInvitePage = () => {
  const info = useAgentInfo();
  if (!info.data) return <Card title={a.invite}>{info.isLoading ? <Skeleton active /> : null}</Card>;
  const link = inviteLinkOf(info.data.inviteCode);
  const copy = () =>
    navigator.clipboard
      .writeText(link)
      .then(() => feedback.message.success(a.copied))
      .catch(() => feedback.message.error(a.copyFailed));
  return (
    <Card title={a.invite}>
      <Typography.Paragraph type="secondary">{a.inviteHint}</Typography.Paragraph>
      <Descriptions column={1} bordered>
        <Descriptions.Item label={a.inviteCode}>
          <Typography.Text strong data-testid="agent-invite-code">
            {info.data.inviteCode}
          </Typography.Text>
        </Descriptions.Item>
        <Descriptions.Item label={a.inviteLink}>
          <Space wrap>
            <Typography.Text data-testid="agent-invite-link">{link}</Typography.Text>
            <Button icon={<CopyOutlined />} onClick={copy} data-testid="agent-invite-copy">
              {a.copy}
            </Button>
          </Space>
        </Descriptions.Item>
      </Descriptions>
    </Card>
  );
};
