import { AgentPerm, agentRoutes, type TAgentNotice } from '@yunhu/contract';
import { Button, Tag } from 'antd';
import { useState } from 'react';
import * as t from '../../../locales/zh-CN';
import { TextFilter } from '../../../shared/list/FilterItems';
import { ListPage } from '../../../shared/list/ListPage';
import { RowAction } from '../../../shared/list/RowAction';
import { timeColumn } from '../../../shared/list/timeColumn';
import { actionsColumn, type TListColumn } from '../../../shared/list/types';
import { Permission } from '../../../shared/permission/Permission';
import { NoticePublishModal } from '../components/NoticePublishModal';
import { NoticeReachDrawer } from '../components/NoticeReachDrawer';
import { agentNoticePageKey } from '../noticeApi';

const n = t.agentNotice;
const rate = (read: number, users: number) => (users === 0 ? '—' : `${Math.round((read * 100) / users)}%`);

/** 公告 (agent/notices): the agent's notices to its enterprises' bells, how far each went and who read it. */
export const AgentNoticePage = () => {
  const [isPublishing, setPublishing] = useState(false);
  const [shown, setShown] = useState<TAgentNotice | null>(null);
  const columns: TListColumn<TAgentNotice>[] = [
    { key: 'title', title: n.title, dataIndex: 'title', width: 200 },
    { key: 'content', title: n.content, dataIndex: 'content', ellipsis: true, width: 300 },
    {
      key: 'audience',
      title: n.audience,
      dataIndex: 'audience',
      render: (v: TAgentNotice['audience']) => (
        <Tag color={v === 'all' ? 'blue' : undefined}>{v === 'all' ? n.audienceAll : n.audienceChosen}</Tag>
      ),
    },
    { key: 'enterpriseCount', title: n.enterpriseCount, dataIndex: 'enterpriseCount' },
    { key: 'userCount', title: n.userCount, dataIndex: 'userCount' },
    {
      key: 'readCount',
      title: n.readCount,
      dataIndex: 'readCount',
      render: (v: number, row) => <span data-testid="agent-notice-read">{`${v}（${rate(v, row.userCount)}）`}</span>,
    },
    timeColumn(n.publishedAt),
    ...actionsColumn<TAgentNotice>(true, n.actions, (row) => (
      <RowAction onClick={() => setShown(row)}>{n.reach}</RowAction>
    )),
  ];
  return (
    <>
      <ListPage
        pageKey={agentNoticePageKey}
        title={n.notices}
        route={agentRoutes.noticePage}
        columns={columns}
        toolbar={
          <Permission value={AgentPerm.noticeManage}>
            <Button type="primary" onClick={() => setPublishing(true)} data-testid="agent-notice-new">
              {n.publish}
            </Button>
          </Permission>
        }
        filters={<TextFilter name="title" label={n.title} placeholder={n.titlePlaceholder} width={180} />}
      />
      <NoticePublishModal open={isPublishing} onClose={() => setPublishing(false)} />
      <NoticeReachDrawer notice={shown} onClose={() => setShown(null)} />
    </>
  );
};
