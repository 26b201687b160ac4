import { BellOutlined } from '@ant-design/icons';
import { Badge, Button, List, Popover, Space, Typography } from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useMarkRead, useMyNotices } from '../../features/system';
import { t } from '../../locales/zh-CN';
import { NoticeDrawer } from './NoticeDrawer';

/** Header bell: unread count, the latest five notices, mark read, and the full list in a drawer. */
export const NoticeBell = () => {
  const { data } = useMyNotices(1, 5);
  const markRead = useMarkRead();
  const [isOpen, setOpen] = useState(false);
  const [isDrawerOpen, setDrawerOpen] = useState(false);
  const content = (
    <div style={{ width: 340 }} data-testid="notice-popover">
      <List
        size="small"
        dataSource={data?.records ?? []}
        locale={{ emptyText: t.layout.noNotice }}
        renderItem={(n) => (
          <List.Item
            style={{ cursor: 'pointer' }}
            data-testid={`notice-item-${n.id}`}
            onClick={() => !n.isRead && markRead.mutate({ ids: [n.id] })}
          >
            <List.Item.Meta
              title={
                <Space>
                  <Badge status={n.isRead ? 'default' : 'processing'} />
                  <Typography.Text strong={!n.isRead}>{n.title}</Typography.Text>
                </Space>
              }
              description={dayjs(n.createdAt).format('YYYY-MM-DD HH:mm')}
            />
          </List.Item>
        )}
      />
      <Space style={{ width: '100%', justifyContent: 'space-between', marginTop: 8 }}>
        <Button size="small" data-testid="notice-read-all" onClick={() => markRead.mutate({ all: true })}>
          {t.layout.allRead}
        </Button>
        <Button
          size="small"
          type="link"
          data-testid="notice-view-all"
          onClick={() => {
            setOpen(false);
            setDrawerOpen(true);
          }}
        >
          {t.layout.viewAll}
        </Button>
      </Space>
    </div>
  );
  return (
    <>
      <Popover
        content={content}
        title={t.layout.notices}
        trigger="click"
        open={isOpen}
        onOpenChange={setOpen}
        placement="bottomRight"
      >
        <span data-testid="notice-bell" style={{ display: 'inline-flex', cursor: 'pointer' }}>
          <Badge count={data?.unreadCount ?? 0} size="small" data-testid="notice-count">
            <Button type="text" icon={<BellOutlined style={{ fontSize: 18 }} />} aria-label={t.layout.notices} />
          </Badge>
        </span>
      </Popover>
      <NoticeDrawer open={isDrawerOpen} onClose={() => setDrawerOpen(false)} />
    </>
  );
};
