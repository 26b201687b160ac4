import {
  callInterceptReasonLabel,
  callInterceptReasons,
  callInterceptRoutes,
  type TCallIntercept,
} from '@yunhu/contract';
import * as t from '../../../locales/zh-CN';
import { optionsOf } from '../../../shared/form/options';
import { withNumberAndDayRange } from '../../../shared/list/dayRange';
import { SelectFilter } from '../../../shared/list/FilterItems';
import { fieldColumns } from '../../../shared/list/fieldColumns';
import { ListPage } from '../../../shared/list/ListPage';
import { NumberDaysFilters } from '../../../shared/list/NumberDaysFilters';
import { tagColumn } from '../../../shared/list/tagColumn';
import { timeColumn } from '../../../shared/list/timeColumn';
import type { TListColumn } from '../../../shared/list/types';

const c = t.callIntercept;

const columns: TListColumn<TCallIntercept>[] = [
  { key: 'number', title: c.number, dataIndex: 'number', width: 150 },
  tagColumn(c.reason, 'reason', { labels: callInterceptReasonLabel, colors: 'red' }),
  ...fieldColumns<TCallIntercept>({ userName: c.user, deptName: c.dept, sipUser: c.sipUser, sourceIp: c.sourceIp }),
  timeColumn(c.at, { format: 'YYYY-MM-DD HH:mm:ss' }),
];

const reasonOptions = optionsOf(callInterceptReasons, callInterceptReasonLabel);

/** 呼叫拦截记录: calls refused at the SIP edge (no authorised dial request), within the data scope. */
export const CallInterceptPage = () => (
  <ListPage
    pageKey="call-intercepts"
    title={c.title}
    hint={c.hint}
    route={callInterceptRoutes.page}
    columns={columns}
    toRequest={withNumberAndDayRange}
    filters={
      <NumberDaysFilters numberLabel={c.number} numberPlaceholder={c.numberPlaceholder} daysLabel={c.at}>
        <SelectFilter name="reason" label={c.reason} options={reasonOptions} width={180} />
      </NumberDaysFilters>
    }
  />
);
