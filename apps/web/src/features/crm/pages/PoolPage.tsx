import * as t from '../../../locales/zh-CN';
import { CustomerExtraTools } from '../components/CustomerExtraTools';
import { CustomerList } from '../components/CustomerList';

/** 客户公海 (CRM/totalOfCustomer): customers without an owner, to claim or allocate. */
export const PoolPage = () => (
  <CustomerList pool="public" title={t.crm.pool} extraTools={<CustomerExtraTools hasImport={false} />} />
);
