import { ReportPerm } from '@yunhu/contract';
import { Button, Card, Space } from 'antd';
import { useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import * as t from '../../../locales/zh-CN';
import { feedback } from '../../../shared/feedback';
import { Permission } from '../../../shared/permission/Permission';
import { useReportDetail, useSubmitReport } from '../api';
import { LoadedReportDetails } from '../components/ReportDetails';
import { ReportFormModal } from '../components/ReportFormModal';

const c = t.callerReport;

/**
 * 报备详情 (userdata/reportDetail) and 查看报备 (userdata/checkReport, `isReadOnly`): one report with
 * its materials; a draft or a rejected report is corrected and submitted from here.
 */
export const ReportDetailPage = ({ isReadOnly = false }: { isReadOnly?: boolean }) => {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const id = Number(params.get('id') ?? 0);
  const detail = useReportDetail(id, null);
  const submit = useSubmitReport();
  const [isEditing, setEditing] = useState(false);
  const report = detail.data?.report;
  const isOpen = report?.state === 'draft' || report?.state === 'rejected';
  return (
    <Card
      title={c.reportDetail}
      extra={
        <Space>
          {!isReadOnly && isOpen && (
            <Permission value={ReportPerm.numberSubmit}>
              <Button onClick={() => setEditing(true)}>{c.editReport}</Button>
              <Button
                type="primary"
                loading={submit.isPending}
                onClick={() =>
                  void submit
                    .mutateAsync(id)
                    .then(() => feedback.message.success(c.submitted))
                    .catch(() => undefined)
                }
              >
                {report?.state === 'rejected' ? c.resubmit : c.submit}
              </Button>
            </Permission>
          )}
          <Button onClick={() => navigate('/menu/userdata/TelReport/telReport')}>{c.back}</Button>
        </Space>
      }
    >
      <LoadedReportDetails detail={detail} />
      <ReportFormModal open={isEditing} editing={report ?? null} onClose={() => setEditing(false)} />
    </Card>
  );
};

/** 查看报备 (userdata/checkReport): the same report, read only. */
export const CheckReportPage = () => <ReportDetailPage isReadOnly />;
