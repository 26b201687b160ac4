import { blacklistRoutes, type TIntercept } from '@yunhu/contract';
import { Space } from 'antd';
import * as t from '../../../locales/zh-CN';
import { withNumberAndDayRange } from '../../../shared/list/dayRange';
import { fieldColumns } from '../../../shared/list/fieldColumns';
import { ListPage } from '../../../shared/list/ListPage';
import { NumberDaysFilters } from '../../../shared/list/NumberDaysFilters';
import { tagColumn } from '../../../shared/list/tagColumn';
import { timeColumn } from '../../../shared/list/timeColumn';
import type { TListColumn } from '../../../shared/list/types';
import { CheckTool } from '../components/CheckTool';

const b = t.blacklist;

const columns: TListColumn<TIntercept>[] = [
  { key: 'number', title: b.number, dataIndex: 'number', width: 150 },
  tagColumn(b.level, 'level', { labels: b.levelLabel, colors: { platform: 'volcano', tenant: 'red' } }),
  ...fieldColumns<TIntercept>({ reason: b.reason, via: b.via, userName: b.user, deptName: b.dept }),
  timeColumn(b.interceptAt, { format: 'YYYY-MM-DD HH:mm:ss' }),
];

/** 黑名单拦截: the number check tool, and the dial attempts the lists refused (within the data scope). */
export const BlackInterceptPage = () => (
  <Space orientation="vertical" style={{ width: '100%' }} size="middle">
    <CheckTool />
    <ListPage
      pageKey="blacklist-intercepts"
      title={b.logTitle}
      route={blacklistRoutes.interceptPage}
      columns={columns}
      toRequest={withNumberAndDayRange}
      filters={
        <NumberDaysFilters numberLabel={b.number} numberPlaceholder={b.numberPlaceholder} daysLabel={b.interceptAt} />
      }
    />
  </Space>
);
