import { reportStateLabel, type TCallerReport, type TReportState } from '@yunhu/contract';
import { useNavigate } from 'react-router-dom';
import * as t from '../../../locales/zh-CN';
import { EnterpriseFilter, SelectFilter, TextFilter } from '../../../shared/list/FilterItems';
import { ListPage } from '../../../shared/list/ListPage';
import { RowAction } from '../../../shared/list/RowAction';
import { timeColumn } from '../../../shared/list/timeColumn';
import { actionsColumn, type TListColumn } from '../../../shared/list/types';
import { reportKeys } from '../api';
import { ReportStateTag } from '../components/ReportDetails';
import { reviewDesks, type TReviewDesk } from '../reviewDesk';

const c = t.callerReport;
const reviewStates = ['pending', 'approved', 'rejected'] as const;

/**
 * 数据审核 (userdata/index): the submitted number reports, the newest submission first — every
 * enterprise's at the platform's desk, the enterprises registered through it at an agent's.
 */
export const ReviewListPage = ({ desk = 'platform' }: { desk?: TReviewDesk }) => {
  const navigate = useNavigate();
  const at = reviewDesks[desk];
  const open = (row: TCallerReport) => navigate(`${at.detailUrl}?id=${row.id}`);
  const columns: TListColumn<TCallerReport>[] = [
    { key: 'enterpriseName', title: c.enterprise, dataIndex: 'enterpriseName' },
    { key: 'number', title: c.number, dataIndex: 'number', width: 150 },
    { key: 'lineName', title: c.line, dataIndex: 'lineName' },
    { key: 'scenario', title: c.scenario, dataIndex: 'scenario', ellipsis: true },
    { key: 'state', title: c.state, dataIndex: 'state', render: (v: TReportState) => <ReportStateTag state={v} /> },
    timeColumn(c.submittedAt, { key: 'submittedAt', empty: '-' }),
    { key: 'reviewer', title: c.reviewer, dataIndex: 'reviewer', render: (v: string) => v || '-' },
    ...actionsColumn<TCallerReport>(true, c.actions, (row) => (
      <RowAction onClick={() => open(row)}>{c.detail}</RowAction>
    )),
  ];
  return (
    <ListPage
      pageKey={reportKeys.review}
      title={c.reviewTitle}
      hint={desk === 'agent' ? c.agentReviewHint : c.reviewHint}
      route={at.page}
      columns={columns}
      onRowClick={open}
      filters={
        <>
          <EnterpriseFilter />
          <TextFilter name="number" label={c.number} placeholder={c.numberPlaceholder} />
          <SelectFilter
            name="state"
            label={c.state}
            width={120}
            options={reviewStates.map((s) => ({ value: s, label: reportStateLabel[s] }))}
          />
        </>
      }
    />
  );
};

/** 数据审核 in an agent's console (agent/userdata). */
export const AgentReviewListPage = () => <ReviewListPage desk="agent" />;
