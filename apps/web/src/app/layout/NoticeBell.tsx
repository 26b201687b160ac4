import { BellOutlined } from '@ant-design/icons';
import { Badge, Button, Popover } from 'antd';
import { useState } from 'react';
import { useMyNotices } from '../../features/system';
import { t } from '../../locales/zh-CN';
import { lazyComponent } from '../../shared/lazyComponent';

// The list, its pagination and the drawer load when the bell is opened, not with the shell.
const NoticeList = lazyComponent(() => import('./NoticeList'), 'NoticeList');
const NoticeDrawer = lazyComponent(() => import('./NoticeDrawer'), 'NoticeDrawer');

/** Header bell: unread count, the latest five notices, mark read, and the full list in a drawer. */
export const NoticeBell = () => {
  const { data } = useMyNotices(1, 5);
  const [isOpen, setOpen] = useState(false);
  const [isDrawerOpen, setDrawerOpen] = useState(false);
  // Mounted from the first opening on, so it closes with its animation.
  const [hasDrawer, setHasDrawer] = useState(false);
  return (
    <>
      <Popover
        content={
          <NoticeList
            onViewAll={() => {
              setOpen(false);
              setHasDrawer(true);
              setDrawerOpen(true);
            }}
          />
        }
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
      {hasDrawer && <NoticeDrawer open={isDrawerOpen} onClose={() => setDrawerOpen(false)} />}
    </>
  );
};
