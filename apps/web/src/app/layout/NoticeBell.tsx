import { BellOutlined } from '@ant-design/icons';
import type { TNotice } from '@yunhu/contract';
import { Badge, Button, Popover } from 'antd';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { useMyNotices } from '../../features/system';
import * as t from '../../locales/zh-CN';
import { lazyComponent } from '../../shared/lazyComponent';
import { OnceOpened } from '../../shared/modal/OnceOpened';

// The list, its pagination, the drawer and a notice's dialog load when opened, not with the shell.
const NoticeList = lazyComponent(() => import('./NoticeList'), 'NoticeList');
const NoticeDrawer = lazyComponent(() => import('./NoticeDrawer'), 'NoticeDrawer');
const NoticeDetail = lazyComponent(() => import('./NoticeDetail'), 'NoticeDetail');

/**
 * Header bell: unread count, the latest five notices, mark read, and the full list in a drawer. A
 * notice opens what it is about: the screen it links to (a low balance: 充值), or its own text (a
 * platform announcement).
 */
export const NoticeBell = () => {
  const { data } = useMyNotices(1, 5);
  const [isOpen, setOpen] = useState(false);
  const [isDrawerOpen, setDrawerOpen] = useState(false);
  const [shown, setShown] = useState<TNotice | null>(null);
  const navigate = useNavigate();
  const open = (notice: TNotice) => {
    setOpen(false);
    if (notice.link) navigate(notice.link);
    else setShown(notice);
  };
  return (
    <>
      <Popover
        content={
          <NoticeList
            onOpen={open}
            onViewAll={() => {
              setOpen(false);
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
      <OnceOpened open={isDrawerOpen}>
        <NoticeDrawer open={isDrawerOpen} onClose={() => setDrawerOpen(false)} />
      </OnceOpened>
      <OnceOpened open={shown !== null}>
        <NoticeDetail notice={shown} onClose={() => setShown(null)} />
      </OnceOpened>
    </>
  );
};
