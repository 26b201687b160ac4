import { DeleteOutlined } from '@ant-design/icons';
import { crmSettingsRoutes, Perm } from '@yunhu/contract';
import { Space, Typography } from 'antd';
import { Link } from 'react-router-dom';
import * as t from '../../../locales/zh-CN';
import { Phone } from '../../../shared/components/Phone';
import { ReclickButton } from '../../../shared/components/ReclickButton';
import { ColleagueFilter } from '../../../shared/customers';
import { withDayPair } from '../../../shared/list/dayRange';
import { DateRangeFilter, SelectFilter, TextFilter } from '../../../shared/list/FilterItems';
import { ListPage } from '../../../shared/list/ListPage';
import { timeColumn } from '../../../shared/list/timeColumn';
import type { TListColumn } from '../../../shared/list/types';
import { useConfirmAction } from '../../../shared/list/useConfirmAction';
import { Permission } from '../../../shared/permission/Permission';
import { detailPath } from '../components/customerColumns';
import { type TVisit, type TVisitPage, useListPageData, useVisitActions, visitPageKey } from './api';
import { VisitResultTag, visitResultOptions } from './format';
import { AddVisitButton } from './VisitFormModal';

const v = t.visits;

const columns: TListColumn<TVisit>[] = [
  {
    key: 'customerName',
    title: v.customer,
    dataIndex: 'customerName',
    render: (name: string, row) => <Link to={detailPath(row.customerId, 'private')}>{name}</Link>,
  },
  // Masked by the server when the privacy setting says so; shown masked here like every number.
  { key: 'customerMobile', title: v.mobile, dataIndex: 'customerMobile', render: (m: string) => <Phone value={m} /> },
  {
    key: 'result',
    title: v.result,
    dataIndex: 'result',
    render: (r: TVisit['result']) => <VisitResultTag value={r} />,
  },
  {
    key: 'content',
    title: v.content,
    dataIndex: 'content',
    render: (c: string) => (
      <Typography.Paragraph ellipsis={{ rows: 2, tooltip: c }} style={{ marginBottom: 0, maxWidth: 320 }}>
        {c}
      </Typography.Paragraph>
    ),
  },
  timeColumn(v.visitAt, { key: 'visitAt', empty: t.crm.none }),
  { key: 'userName', title: v.visitor, dataIndex: 'userName', render: (n: string | null) => n ?? v.none },
  { key: 'deptName', title: v.dept, dataIndex: 'deptName', render: (n: string | null) => n ?? v.none },
  timeColumn(v.createdAt, { empty: t.crm.none, isHiddenByDefault: true }),
];

/** How many visits of the current filter ended with each result (page-plus answers them with the page). */
const VisitSummary = () => {
  const data = useListPageData<TVisitPage>(visitPageKey);
  if (!data) return null;
  const counts = new Map(data.counts.map((c) => [c.result, c.count]));
  return (
    <Space size={12} wrap data-testid="crm-visit-summary">
      <Typography.Text>{v.summaryTotal(data.total)}</Typography.Text>
      {visitResultOptions.map((o) => (
        <Space key={o.value} size={4}>
          <VisitResultTag value={o.value} />
          <Typography.Text strong>{counts.get(o.value) ?? 0}</Typography.Text>
        </Space>
      ))}
    </Space>
  );
};

const DeleteVisits = ({ rows, onDone }: { rows: TVisit[]; onDone: () => void }) => {
  const actions = useVisitActions();
  const { confirm, node } = useConfirmAction();
  const onClick = () =>
    confirm(v.deleteConfirm(rows.length), () => actions.remove(rows.map((r) => r.id)), {
      isDanger: true,
      doneMessage: v.deleted(rows.length),
      onDone,
    });
  return (
    <Permission value={Perm.visitDelete}>
      <ReclickButton
        danger
        icon={<DeleteOutlined />}
        disabled={rows.length === 0}
        onClick={onClick}
        data-testid="crm-visit-delete"
      >
        {v.delete}
      </ReclickButton>
      {node}
    </Permission>
  );
};

/** 回访列表 (company/upList): return visits within the user's data scope, with a count per result. */
export const UpListPage = () => {
  return (
    <ListPage
      pageKey={visitPageKey}
      title={
        <Space size={24} wrap>
          {v.title}
          <VisitSummary />
        </Space>
      }
      route={crmSettingsRoutes.visitPagePlus}
      columns={columns}
      toRequest={withDayPair('range')}
      toolbar={<AddVisitButton type="primary" />}
      batchActions={(rows, clear) => <DeleteVisits rows={rows} onDone={clear} />}
      filters={
        <>
          <TextFilter name="keyword" label={v.keyword} placeholder={v.keywordPlaceholder} width={170} />
          <TextFilter name="mobile" label={v.mobile} placeholder={v.mobilePlaceholder} width={140} />
          <SelectFilter name="result" label={v.result} options={visitResultOptions} />
          <ColleagueFilter name="userId" label={v.visitor} />
          <DateRangeFilter name="range" label={v.range} allowEmpty={[true, true]} />
        </>
      }
    />
  );
};
