import { agentRoutes, JxsPerm, type TJxsMonthUse } from '@yunhu/contract';
import { DatePicker, Form } from 'antd';
import type { Dayjs } from 'dayjs';
import * as t from '../../../locales/zh-CN';
import { fieldColumns } from '../../../shared/list/fieldColumns';
import { ListPage } from '../../../shared/list/ListPage';
import { moneyColumn } from '../../../shared/list/moneyColumn';
import type { TListColumn } from '../../../shared/list/types';
import { jxsUsePageKey } from './jxsApi';

const s = t.agentJxs;

const columns: TListColumn<TJxsMonthUse>[] = [
  ...fieldColumns<TJxsMonthUse>({
    name: s.distributor,
    enterprises: s.enterprises,
    newEnterprises: s.newEnterprises,
    seatMonths: s.seatMonths,
  }),
  {
    key: 'billedSeconds',
    title: s.billedMinutes,
    dataIndex: 'billedSeconds',
    render: (v: number) => Math.ceil(v / 60),
  },
  moneyColumn(s.orderAmount, 'orderAmount'),
  moneyColumn(s.margin, 'margin'),
];

/** 月度使用 (agent/jxs-use): per distributor, one month (this one by default); a distributor sees its own row. */
export const AgentJxsUsePage = () => (
  <ListPage
    pageKey={jxsUsePageKey}
    title={s.use}
    hint={s.useHint}
    route={agentRoutes.jxsMonthUse}
    rowKey="distributorId"
    columns={columns}
    export={{ route: agentRoutes.jxsMonthUseExport, fileName: s.useExportName, permission: JxsPerm.use }}
    toRequest={({ month, ...rest }) => ({ ...rest, month: (month as Dayjs | undefined)?.format('YYYY-MM') })}
    filters={
      <Form.Item name="month" label={s.month}>
        <DatePicker picker="month" allowClear data-testid="jxs-use-month" />
      </Form.Item>
    }
  />
);
