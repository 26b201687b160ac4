import * as t from '../../../locales/zh-CN';
import { StaffList } from '../components/StaffList';

/** 员工管理 (account/staffManage): the tenant's staff within the user's data scope. */
export const StaffManagePage = () => <StaffList pageKey="staffManage" title={t.org.staffManage} hasDeptFilter />;
