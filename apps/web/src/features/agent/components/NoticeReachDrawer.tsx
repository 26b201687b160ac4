import { agentRoutes, type TAgentNotice, type TAgentNoticeReach } from '@yunhu/contract';
import { Drawer } from 'antd';
import * as t from '../../../locales/zh-CN';
import { fieldColumns } from '../../../shared/list/fieldColumns';
import { ListPage } from '../../../shared/list/ListPage';
import type { TListColumn } from '../../../shared/list/types';

const n = t.agentNotice;

const columns: TListColumn<TAgentNoticeReach>[] = [
  ...fieldColumns<TAgentNoticeReach>({
    enterpriseName: n.enterpriseName,
    userCount: n.userCount,
    readCount: n.readCount,
  }),
];

/** notice-cpfr: the enterprises one notice reached, each with its users and how many read it. */
export const NoticeReachDrawer = ({ notice, onClose }: { notice: TAgentNotice | null; onClose: () => void }) => (
  <Drawer
    open={notice !== null}
    width={720}
    title={notice ? n.reachTitle(notice.title) : ''}
    onClose={onClose}
    destroyOnHidden
  >
    {notice && (
      <ListPage
        isLocal
        pageKey={`agentNoticeReach-${notice.id}`}
        route={agentRoutes.noticeReach}
        params={{ noticeId: notice.id }}
        rowKey="enterpriseId"
        columns={columns}
      />
    )}
  </Drawer>
);
