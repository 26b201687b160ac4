import { crmBrowseRoutes } from './crm-browse.js';
import { crmCallingRoutes } from './crm-calling.js';
import { crmCensusRoutes } from './crm-census.js';
import { crmCustomerRoutes } from './crm-customer.js';
import { crmFollowRoutes } from './crm-follow.js';
import { crmPoolRoutes } from './crm-pool.js';
import { crmRecycleRoutes } from './crm-recycle.js';
import { menuButton, menuPage, menuScreen, type TMenuNode } from './menu.js';
import { Perm } from './permissions.js';

// The CRM contract, split by concern; consumers keep importing it all from '@yunhu/contract'.
export * from './crm-browse.js';
export * from './crm-calling.js';
export * from './crm-census.js';
export * from './crm-customer.js';
export * from './crm-follow.js';
export * from './crm-pool.js';
export * from './crm-recycle.js';

export const crmRoutes = {
  ...crmCustomerRoutes,
  ...crmFollowRoutes,
  ...crmPoolRoutes,
  ...crmRecycleRoutes,
  ...crmCensusRoutes,
  ...crmCallingRoutes,
  ...crmBrowseRoutes,
} as const;

/**
 * The CRM screens, in the 客户管理 folder. Customer details, creation and the recycle-bin
 * details are pages reached from the lists, not side-menu entries.
 */
export const crmMenuNodes: TMenuNode[] = [
  menuScreen('2010', '我的客户', 'CRM/myCustomer', 'SolutionOutlined', Perm.customerList, [
    menuButton('201001', '新建客户', Perm.customerAdd),
    menuButton('201002', '编辑客户', Perm.customerUpdate),
    menuButton('201003', '删除客户', Perm.customerDelete),
    menuButton('201004', '分配客户', Perm.customerAllocate),
    menuButton('201005', '转移客户', Perm.customerTransfer),
    menuButton('201006', '放入公海', Perm.customerRelease),
    menuButton('201007', '导出客户', Perm.customerExport),
    menuButton('201008', '导入客户', Perm.customerImport),
    menuButton('201009', '查看完整号码', Perm.customerMobile),
    menuButton('201010', '客户设置', Perm.crmSettings),
  ]),
  menuScreen('2020', '客户公海', 'CRM/totalOfCustomer', 'GlobalOutlined', Perm.poolList, [
    menuButton('202001', '领取客户', Perm.poolClaim),
  ]),
  menuPage('2011', '客户详情', 'CRM/customerDetails', Perm.customerList),
  menuPage('2012', '新建客户', 'CRM/createNewCustomer', Perm.customerAdd),
  menuScreen('2030', '回收站', 'CRM/recycler', 'DeleteOutlined', Perm.recycleList, [
    menuButton('203001', '恢复客户', Perm.recycleRecover),
    menuButton('203002', '彻底删除', Perm.recycleDelete),
  ]),
  menuPage('2031', '回收站详情', 'CRM/recyclerDetail', Perm.recycleList),
  menuPage('2032', '回收站详情', 'CRM/recyclerDetail1', Perm.recycleList),
  menuScreen('2040', '客户操作记录', 'CRM/operatingRecord', 'HistoryOutlined', Perm.ownerLogList),
  menuScreen('2050', '回访列表', 'company/upList', 'PhoneOutlined', Perm.visitList, [
    menuButton('205001', '新增回访', Perm.visitAdd),
    menuButton('205002', '删除回访', Perm.visitDelete),
  ]),
  menuScreen('2060', '业务规则', 'business', 'ControlOutlined', Perm.ruleUpdate),
];
