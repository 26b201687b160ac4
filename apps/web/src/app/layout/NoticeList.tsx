import type { TNotice } from '@yunhu/contract';
import { Badge, Button, List, Space, Typography } from 'antd';
import { useMarkRead, useMyNotices } from '../../features/system';
import * as t from '../../locales/zh-CN';
import { beijingFormat } from '../../shared/time/beijing';

/**
 * The bell's popover: the latest five notices, mark read, and the way to the full list. Each notice
 * opens what it is about (`onOpen`): the screen it links to, or itself.
 */
export const NoticeList = ({ onViewAll, onOpen }: { onViewAll: () => void; onOpen: (notice: TNotice) => void }) => {
  const { data } = useMyNotices(1, 5);
  const markRead = useMarkRead();
  return (
    <div style={{ width: 340 }} data-testid="notice-popover">
      <List
        size="small"
        dataSource={data?.records ?? []}
        locale={{ emptyText: t.layout.noNotice }}
        renderItem={(n) => (
          <List.Item
            style={{ cursor: 'pointer' }}
            data-testid={`notice-item-${n.id}`}
            onClick={() => {
              if (!n.isRead) markRead.mutate({ ids: [n.id] });
              onOpen(n);
            }}
          >
            <List.Item.Meta
              title={
                <Space>
                  <Badge status={n.isRead ? 'default' : 'processing'} />
                  <Typography.Text strong={!n.isRead}>{n.title}</Typography.Text>
                </Space>
              }
              description={beijingFormat(n.createdAt, 'YYYY-MM-DD HH:mm')}
            />
          </List.Item>
        )}
      />
      <Space style={{ width: '100%', justifyContent: 'space-between', marginTop: 8 }}>
        <Button size="small" data-testid="notice-read-all" onClick={() => markRead.mutate({ all: true })}>
          {t.layout.allRead}
        </Button>
        <Button size="small" type="link" data-testid="notice-view-all" onClick={onViewAll}>
          {t.layout.viewAll}
        </Button>
      </Space>
    </div>
  );
};
