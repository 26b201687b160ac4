import { useQuery, useQueryClient } from '@tanstack/react-query';
import { callStatusName, crmRoutes } from '@yunhu/contract';
import { Descriptions, Modal, Skeleton } from 'antd';
import { useEffect } from 'react';
import * as t from '../../../locales/zh-CN';
import { call } from '../../../shared/http/api';
import { useDialState } from '../../call';
import { invalidateCustomers } from '../api';
import { FollowForm } from './FollowForm';

const c = t.crm;

/**
 * 通话结束: once the call from this page is over (its record written), what happened and
 * the follow-up form, its phone label starting at the one the call gave the customer.
 */
export const CallFollowUp = ({
  customerId,
  bindId,
  onClose,
}: {
  customerId: number;
  bindId: string;
  onClose: () => void;
}) => {
  const state = useDialState(bindId);
  const isOver = state.data?.isOver === true;
  const client = useQueryClient();
  // Read after the call: the server has just counted it and set the label it showed.
  const customer = useQuery({
    queryKey: ['crm', 'customer', customerId, 'afterCall', bindId],
    queryFn: () => call(crmRoutes.customerDetail, { id: customerId }),
    enabled: isOver,
    retry: false,
  });
  useEffect(() => {
    if (isOver) void invalidateCustomers(client);
  }, [isOver, client]);

  if (!isOver) return null;
  const result = state.data?.callStatus ?? null;
  return (
    <Modal open title={c.callEndedTitle} footer={null} onCancel={onClose} destroyOnHidden width={560}>
      <Descriptions size="small" column={2} style={{ marginBottom: 12 }}>
        <Descriptions.Item label={t.call.status}>
          <span data-testid="call-follow-result">{result === null ? c.callEndedUnknown : callStatusName[result]}</span>
        </Descriptions.Item>
        <Descriptions.Item label={t.call.duration}>{t.call.durationText(state.data?.duration ?? 0)}</Descriptions.Item>
      </Descriptions>
      {customer.data ? (
        <FollowForm
          customerId={customerId}
          nextFollowAt={customer.data.nextFollowAt}
          callPhoneLabel={customer.data.phoneLabel}
          callRecordId={state.data?.callRecordId ?? null}
          onSaved={onClose}
        />
      ) : (
        <Skeleton active />
      )}
    </Modal>
  );
};
