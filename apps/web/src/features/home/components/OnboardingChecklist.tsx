import { CheckCircleFilled, ClockCircleOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { orgRoutes } from '@yunhu/contract';
import { Button, Card, List, Progress, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import * as t from '../../../locales/zh-CN';
import { call } from '../../../shared/http/api';
import { onboardingView } from './onboarding';

export const onboardingKeys = { checklist: ['org', 'onboarding'] as const };

/**
 * The administrator's onboarding checklist: each step ticks itself from the server's
 * reading of the enterprise, says what is missing and links to the screen that does it. Gone once
 * every step is done; collapsible meanwhile.
 */
export const OnboardingChecklist = () => {
  const navigate = useNavigate();
  const [isOpen, setOpen] = useState(true);
  const { data } = useQuery({
    queryKey: onboardingKeys.checklist,
    queryFn: () => call(orgRoutes.onboardingChecklist, {}),
  });
  if (!data || data.isComplete) return null;
  const view = onboardingView(data);
  return (
    <Card
      title={t.onboarding.title}
      data-testid="onboarding"
      extra={
        <Button type="link" onClick={() => setOpen(!isOpen)} data-testid="onboarding-toggle">
          {isOpen ? t.onboarding.collapse : t.onboarding.expand}
        </Button>
      }
    >
      <Progress
        percent={Math.round((view.doneCount / view.lines.length) * 100)}
        format={() => t.onboarding.progress(view.doneCount, view.lines.length)}
      />
      {isOpen && (
        <List
          dataSource={view.lines}
          renderItem={(line) => (
            <List.Item
              data-testid={`onboarding-${line.key}`}
              data-done={line.isDone ? 'true' : 'false'}
              actions={[
                <Button
                  key="go"
                  type={line.isNext ? 'primary' : 'link'}
                  size="small"
                  onClick={() => navigate(`/menu/${line.url}`)}
                >
                  {line.action}
                </Button>,
              ]}
            >
              <List.Item.Meta
                avatar={
                  line.isDone ? (
                    <CheckCircleFilled style={{ color: '#52c41a', fontSize: 18 }} />
                  ) : (
                    <ClockCircleOutlined style={{ color: line.isNext ? '#1677ff' : '#bfbfbf', fontSize: 18 }} />
                  )
                }
                title={
                  <>
                    {line.title}{' '}
                    <Tag color={line.isDone ? 'green' : 'default'}>
                      {line.isDone ? t.onboarding.done : t.onboarding.todo}
                    </Tag>
                  </>
                }
                description={
                  <Typography.Text type={line.isDone ? 'secondary' : undefined}>{line.text}</Typography.Text>
                }
              />
            </List.Item>
          )}
        />
      )}
    </Card>
  );
};
