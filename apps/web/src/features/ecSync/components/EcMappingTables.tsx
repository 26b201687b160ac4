import { ecOurFieldLabel, ecOurFields, type TEcStaffRow } from '@yunhu/contract';
import { Form, Input, Table } from 'antd';
import * as t from '../../../locales/zh-CN';

const c = t.ecSync;

/** 字段映射: each of our customer fields and the EC field name it is sent as (empty: not sent). */
export const EcFieldMapTable = () => (
  <Table
    size="small"
    pagination={false}
    rowKey="ours"
    dataSource={ecOurFields.map((ours) => ({ ours }))}
    columns={[
      { key: 'ours', title: c.ourField, render: (_, row) => ecOurFieldLabel[row.ours] },
      {
        key: 'theirs',
        title: c.theirField,
        render: (_, row) => (
          <Form.Item name={['fields', row.ours]} noStyle>
            <Input maxLength={40} aria-label={`${ecOurFieldLabel[row.ours]} ${c.theirField}`} />
          </Form.Item>
        ),
      },
    ]}
  />
);

/** 员工映射: each member of staff and his EC user id (empty: the default operator acts for him). */
export const EcStaffMapTable = ({ staff }: { staff: TEcStaffRow[] }) => (
  <Table
    size="small"
    rowKey="userId"
    pagination={staff.length > 10 ? { pageSize: 10 } : false}
    dataSource={staff}
    columns={[
      { key: 'realName', title: c.realName, dataIndex: 'realName' },
      { key: 'account', title: c.staffAccount, dataIndex: 'account' },
      {
        key: 'ecUserId',
        title: c.ecUserId,
        render: (_, row) => (
          <Form.Item name={['staff', String(row.userId)]} noStyle>
            <Input
              maxLength={20}
              aria-label={`${row.realName} ${c.ecUserId}`}
              data-testid={`ec-staff-${row.account}`}
            />
          </Form.Item>
        ),
      },
    ]}
  />
);
