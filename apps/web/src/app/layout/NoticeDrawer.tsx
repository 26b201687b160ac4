import { Button, Drawer, List, Typography } from 'antd';
import { useState } from 'react';
import { NoticeItem, useMarkRead, useMyNotices } from '../../features/system';
import * as t from '../../locales/zh-CN';
import { beijingFormat } from '../../shared/time/beijing';

const LIMIT = 10;

/** Every notice of the user, paged; opening one marks it read. */
export const NoticeDrawer = ({ open, onClose }: { open: boolean; onClose: () => void }) => {
  const [page, setPage] = useState(1);
  const { data, isFetching } = useMyNotices(page, LIMIT, open);
  const markRead = useMarkRead();
  return (
    <Drawer
      title={t.layout.noticeDrawerTitle}
      open={open}
      onClose={onClose}
      size={480}
      data-testid="notice-drawer"
      extra={<Button onClick={() => markRead.mutate({ all: true })}>{t.layout.allRead}</Button>}
    >
      <List
        loading={isFetching}
        dataSource={data?.records ?? []}
        locale={{ emptyText: t.layout.noNotice }}
        pagination={{ current: page, pageSize: LIMIT, total: data?.total ?? 0, onChange: setPage, size: 'small' }}
        renderItem={(n) => (
          <NoticeItem
            notice={n}
            description={`${n.publisher} · ${beijingFormat(n.createdAt, 'YYYY-MM-DD HH:mm')} · ${n.isRead ? t.layout.read : t.layout.unread}`}
          >
            <Typography.Paragraph style={{ marginTop: 8, marginBottom: 0 }}>{n.content}</Typography.Paragraph>
          </NoticeItem>
        )}
      />
    </Drawer>
  );
};
