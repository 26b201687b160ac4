import { Card, List, Statistic, Typography } from 'antd';
import * as t from '../../../locales/zh-CN';
import { beijingFormat } from '../../../shared/time/beijing';
import { NoticeItem, useMyNotices } from '../../system';

export const LatestNotices = () => {
  const { data, isLoading } = useMyNotices(1, 5);
  return (
    <Card
      title={t.home.latestNotices}
      extra={
        <Statistic title={t.home.unreadNotices} value={data?.unreadCount ?? 0} styles={{ content: { fontSize: 18 } }} />
      }
      data-testid="home-notices"
    >
      <List
        loading={isLoading}
        dataSource={data?.records ?? []}
        locale={{ emptyText: t.layout.noNotice }}
        renderItem={(n) => (
          <NoticeItem
            notice={n}
            description={
              <Typography.Paragraph ellipsis={{ rows: 2 }} style={{ marginBottom: 0 }}>
                {n.content}
              </Typography.Paragraph>
            }
          >
            <Typography.Text type="secondary">{beijingFormat(n.createdAt, 'MM-DD HH:mm')}</Typography.Text>
          </NoticeItem>
        )}
      />
    </Card>
  );
};
