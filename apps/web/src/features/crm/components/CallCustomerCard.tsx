import { useQuery } from '@tanstack/react-query';
import { crmRoutes } from '@yunhu/contract';
import { Space } from 'antd';
import { Link } from 'react-router-dom';
import * as t from '../../../locales/zh-CN';
import { call } from '../../../shared/http/api';
import { fmtTime, LevelTag } from '../format';
import { detailPath } from './customerColumns';

const c = t.crm;

/**
 * The customer a call is for, in the soft-phone dock while it lasts (the spec's octcustomer/get-info):
 * his name (to his details), the masked mobile, how warm, his company and where the follow-up stands.
 */
export const CallCustomerCard = ({ id }: { id: number }) => {
  const info = useQuery({
    queryKey: ['crm', 'call-customer', id],
    queryFn: () => call(crmRoutes.octCustomerInfo, { id }),
    retry: false,
  });
  // A refusal (another's customer since, deleted) is shown by the HTTP client; the dock shows nothing.
  const customer = info.data;
  if (!customer) return null;
  return (
    <Space size={6} wrap data-testid="call-customer">
      <span>{c.callCustomer}：</span>
      <Link to={detailPath(customer.id, customer.pool)}>{customer.name || customer.mobile}</Link>
      <span>{customer.mobile}</span>
      <LevelTag value={customer.intentionLevel} />
      {customer.company && <span>{customer.company}</span>}
      <span>
        {c.lastFollow} {fmtTime(customer.lastFollowAt)}
      </span>
    </Space>
  );
};
