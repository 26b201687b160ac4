import * as t from '../../../locales/zh-CN';
import { CustomerExtraTools } from '../components/CustomerExtraTools';
import { CustomerList } from '../components/CustomerList';

/** 我的客户 (CRM/myCustomer): the private pool within the user's data scope. */
export const MyCustomerPage = () => (
  <CustomerList pool="private" title={t.crm.myCustomer} extraTools={<CustomerExtraTools hasImport />} />
);
