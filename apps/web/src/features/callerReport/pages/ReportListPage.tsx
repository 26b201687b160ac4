import {
  callerReportRoutes,
  ReportPerm,
  reportStateLabel,
  reportStates,
  type TCallerReport,
  type TReportState,
} from '@yunhu/contract';
import { Button, Space } from 'antd';
import { useNavigate } from 'react-router-dom';
import * as t from '../../../locales/zh-CN';
import { feedback } from '../../../shared/feedback';
import { optionsOf } from '../../../shared/form/options';
import { useEditModal } from '../../../shared/form/useEditModal';
import { SelectFilter, TextFilter } from '../../../shared/list/FilterItems';
import { ListPage } from '../../../shared/list/ListPage';
import { RowAction } from '../../../shared/list/RowAction';
import { timeColumn } from '../../../shared/list/timeColumn';
import { actionsColumn, type TListColumn } from '../../../shared/list/types';
import { closingEitherWay } from '../../../shared/list/useConfirmAction';
import { useApp } from '../../../shared/modal/useApp';
import { Permission } from '../../../shared/permission/Permission';
import { reportKeys, useSubmitReport, useWithdrawReport } from '../api';
import { ReportStateTag } from '../components/ReportDetails';
import { ReportFormModal } from '../components/ReportFormModal';

const c = t.callerReport;
const isOpen = (state: TReportState) => state === 'draft' || state === 'rejected';
const isWithdrawable = (state: TReportState) => state === 'pending' || state === 'approved';

/** 报备记录 (userdata/TelReport/telReport): the enterprise's number reports, new ones, corrections and submissions. */
export const ReportListPage = () => {
  const navigate = useNavigate();
  const submit = useSubmitReport();
  const withdraw = useWithdrawReport();
  const { modal } = useApp();
  const onWithdraw = (row: TCallerReport) =>
    modal.confirm({
      title: c.withdraw,
      content: c.withdrawConfirm(row.number),
      onOk: closingEitherWay(async () => {
        await withdraw.mutateAsync(row.id);
        feedback.message.success(c.withdrawn);
      }),
    });
  const form = useEditModal<TCallerReport>();
  const onSubmit = async (row: TCallerReport) => {
    await submit.mutateAsync(row.id);
    feedback.message.success(c.submitted);
  };
  const columns: TListColumn<TCallerReport>[] = [
    { key: 'number', title: c.number, dataIndex: 'number', width: 150 },
    { key: 'lineName', title: c.line, dataIndex: 'lineName' },
    { key: 'scenario', title: c.scenario, dataIndex: 'scenario', ellipsis: true },
    { key: 'state', title: c.state, dataIndex: 'state', render: (v: TReportState) => <ReportStateTag state={v} /> },
    { key: 'reason', title: c.reason, dataIndex: 'reason', ellipsis: true },
    {
      key: 'materialsVersion',
      title: c.materialsVersion,
      dataIndex: 'materialsVersion',
      render: (v: number | null) => (v ? c.versionLabel(v) : '-'),
    },
    timeColumn(c.createdAt),
    ...actionsColumn<TCallerReport>(true, c.actions, (row) => (
      <Space size={0} onClick={(e) => e.stopPropagation()}>
        <RowAction onClick={() => navigate(`/menu/userdata/checkReport?id=${row.id}`)}>{c.detail}</RowAction>
        {isOpen(row.state) && (
          <Permission value={ReportPerm.numberSubmit}>
            <RowAction onClick={() => form.openEdit(row)}>{c.editReport}</RowAction>
            <RowAction onClick={() => void onSubmit(row).catch(() => undefined)}>
              {row.state === 'rejected' ? c.resubmit : c.submit}
            </RowAction>
          </Permission>
        )}
        {isWithdrawable(row.state) && (
          <Permission value={ReportPerm.numberSubmit}>
            <RowAction onClick={() => onWithdraw(row)} testId={`report-withdraw-${row.id}`}>
              {c.withdraw}
            </RowAction>
          </Permission>
        )}
      </Space>
    )),
  ];
  return (
    <>
      <ListPage
        pageKey={reportKeys.reports}
        title={c.reportsTitle}
        hint={c.reportsHint}
        route={callerReportRoutes.reportPage}
        columns={columns}
        export={{ route: callerReportRoutes.reportExport, permission: ReportPerm.numberList }}
        onRowClick={(row) => navigate(`/menu/userdata/reportDetail?id=${row.id}`)}
        toolbar={
          <Permission value={ReportPerm.numberSubmit}>
            <Button type="primary" onClick={form.openNew}>
              {c.newReport}
            </Button>
          </Permission>
        }
        filters={
          <>
            <TextFilter name="number" label={c.number} placeholder={c.numberPlaceholder} />
            <SelectFilter name="state" label={c.state} options={optionsOf(reportStates, reportStateLabel)} />
          </>
        }
      />
      <ReportFormModal {...form.modal} />
    </>
  );
};
