import { blacklistRoutes, type TIntercept } from '@yunhu/contract';
import { Space, Tag } from 'antd';
import type { Dayjs } from 'dayjs';
import { t } from '../../../locales/zh-CN';
import { DateRangeFilter, TextFilter } from '../../../shared/list/FilterItems';
import { ListPage } from '../../../shared/list/ListPage';
import { timeColumn } from '../../../shared/list/timeColumn';
import type { TListColumn } from '../../../shared/list/types';
import { beijingDayRange } from '../../../shared/time/beijing';
import { CheckTool } from '../components/CheckTool';

const b = t.blacklist;

const columns: TListColumn<TIntercept>[] = [
  { key: 'number', title: b.number, dataIndex: 'number', width: 150 },
  {
    key: 'level',
    title: b.level,
    dataIndex: 'level',
    render: (v: TIntercept['level']) => <Tag color={v === 'platform' ? 'volcano' : 'red'}>{b.levelLabel[v]}</Tag>,
  },
  { key: 'reason', title: b.reason, dataIndex: 'reason' },
  { key: 'via', title: b.via, dataIndex: 'via' },
  { key: 'userName', title: b.user, dataIndex: 'userName' },
  { key: 'deptName', title: b.dept, dataIndex: 'deptName' },
  timeColumn(b.interceptAt, { format: 'YYYY-MM-DD HH:mm:ss' }),
];

const toRequest = (v: Record<string, unknown>) => {
  const { range, number } = v as { range?: [Dayjs | null, Dayjs | null] | null; number?: string };
  return {
    number: number?.replace(/[\s-]/g, ''),
    range: beijingDayRange(range),
  };
};

/** 黑名单拦截: the number check tool, and the dial attempts the lists refused (within the data scope). */
export const BlackInterceptPage = () => (
  <Space orientation="vertical" style={{ width: '100%' }} size="middle">
    <CheckTool />
    <ListPage
      pageKey="blacklist-intercepts"
      title={b.logTitle}
      route={blacklistRoutes.interceptPage}
      columns={columns}
      toRequest={toRequest}
      filters={
        <>
          <TextFilter name="number" label={b.number} placeholder={b.numberPlaceholder} />
          <DateRangeFilter name="range" label={b.interceptAt} allowEmpty={[true, true]} />
        </>
      }
    />
  </Space>
);
