import { Button, Card, Space } from 'antd';
import { useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import * as t from '../../../locales/zh-CN';
import { feedback } from '../../../shared/feedback';
import { ReasonModal } from '../../../shared/form/ReasonModal';
import { closingEitherWay } from '../../../shared/list/useConfirmAction';
import { useApp } from '../../../shared/modal/useApp';
import { Permission } from '../../../shared/permission/Permission';
import { useExamineReport, useReportDetail } from '../api';
import { LoadedReportDetails } from '../components/ReportDetails';
import { DocumentRouteContext, reviewDesks, type TReviewDesk } from '../reviewDesk';

const c = t.callerReport;

/**
 * 审核详情 (userdata/detail, or agent/userdata/detail for an agent's desk): a submitted report beside
 * its materials; a pending one approved or rejected.
 */
export const ReviewDetailPage = ({ desk = 'platform' }: { desk?: TReviewDesk }) => {
  const at = reviewDesks[desk];
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const { modal } = useApp();
  const id = Number(params.get('id') ?? 0);
  const detail = useReportDetail(id, desk);
  const examine = useExamineReport(desk);
  const [isRejecting, setRejecting] = useState(false);
  const report = detail.data?.report;
  const approve = () =>
    modal.confirm({
      title: c.approveConfirm(report?.number ?? ''),
      okText: c.approve,
      cancelText: t.common.cancel,
      onOk: closingEitherWay(async () => {
        await examine.mutateAsync({ id, pass: true });
        feedback.message.success(c.approved);
      }),
    });
  return (
    <Card
      title={c.reviewDetail}
      extra={
        <Space>
          {report?.state === 'pending' && (
            <Permission value={at.examinePerm}>
              <Button type="primary" onClick={approve}>
                {c.approve}
              </Button>
              <Button danger onClick={() => setRejecting(true)}>
                {c.reject}
              </Button>
            </Permission>
          )}
          <Button onClick={() => navigate(at.listUrl)}>{c.back}</Button>
        </Space>
      }
    >
      <DocumentRouteContext.Provider value={at.document}>
        <LoadedReportDetails detail={detail} />
      </DocumentRouteContext.Provider>
      <ReasonModal
        open={isRejecting}
        title={c.rejectTitle}
        okText={c.reject}
        testId="reject-form"
        label={c.rejectReason}
        requiredMessage={c.rejectReasonRequired}
        onCancel={() => setRejecting(false)}
        onSubmit={async (reason) => {
          await examine.mutateAsync({ id, pass: false, reason });
          feedback.message.success(c.rejected);
        }}
      />
    </Card>
  );
};

/** 审核详情 in an agent's console (agent/userdata/detail). */
export const AgentReviewDetailPage = () => <ReviewDetailPage desk="agent" />;
