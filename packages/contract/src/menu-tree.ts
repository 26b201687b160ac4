import { agentMenuNodes, agentPlatformMenuNodes } from './agent.js';
import { appCentreMenuNodes, appCentrePlatformMenuNodes } from './app-centre.js';
import { billingMenuNodes, billingPlatformMenuNodes } from './billing.js';
import { blacklistMenuNodes, platformBlacklistMenuNodes } from './blacklist.js';
import { softphoneMenuButtons } from './call.js';
import { callAnalysisMenuNodes } from './call-analysis.js';
import { callCensusMenuNodes } from './call-census.js';
import { callInterceptMenuNodes } from './call-intercept.js';
import { callRecordMenuNodes } from './call-record.js';
import { callerReportMenuNodes, callerReportPlatformMenuNodes } from './caller-report.js';
import { certificationMenuNodes, certificationPlatformMenuNodes } from './certification.js';
import { clueMenuNodes } from './clue.js';
import { cluePackagePlatformMenuNodes } from './clue-package.js';
import { crmMenuNodes } from './crm.js';
import { ecSyncMenuNodes } from './ec-sync.js';
import { feedbackMenuNodes, feedbackPlatformMenuNodes } from './feedback.js';
import { integrationMenuNodes } from './integration.js';
import { lineMenuNodes } from './line.js';
import { marketMenuNodes, marketPlatformMenuNodes } from './market.js';
import { isAgentPerm, isPlatformPerm, menuFolder, menuScreen, permissionsOf, type TMenuNode } from './menu.js';
import { orgMenuNodes } from './org.js';
import { deptMenuNodes } from './org-dept.js';
import { roleMenuNodes } from './org-role.js';
import { staffMenuNodes } from './org-staff.js';
import { packetPlatformMenuNodes } from './packet.js';
import { platformMenuNodes } from './platform.js';
import { platformContentMenuNodes } from './platform-content.js';
import { platformJobsMenuNodes } from './platform-jobs.js';
import { resourceMenuNodes } from './resource.js';
import { seatMenuNodes } from './seat.js';
import { systemMenuNodes } from './system.js';
import { taskCardMenuNodes } from './task-card.js';
import { tradeMenuNodes, tradePlatformMenuNodes } from './trade.js';
import { wallboardMenuNodes } from './wallboard.js';

/**
 * The product's menu tree, assembled from the screens each area declares beside its routes.
 * A screen that is not built is not shown (no dead links in the side menu); the ids fix the order
 * that `/base/sys/menu/nav` serves and roles store.
 */
export const menuTree: TMenuNode[] = [
  menuScreen('10', '首页', 'home', 'HomeOutlined', null, softphoneMenuButtons),
  menuFolder('20', '客户管理', 'ContactsOutlined', crmMenuNodes),
  menuFolder('30', '呼叫中心', 'CustomerServiceOutlined', [
    ...seatMenuNodes,
    ...lineMenuNodes,
    ...callRecordMenuNodes,
    ...callCensusMenuNodes,
    ...callAnalysisMenuNodes,
    ...wallboardMenuNodes,
    ...callInterceptMenuNodes,
    ...taskCardMenuNodes,
  ]),
  menuFolder('35', '号码报备', 'AuditOutlined', callerReportMenuNodes),
  menuFolder('38', '企业线索', 'ApartmentOutlined', clueMenuNodes),
  menuFolder('40', '资源中心', 'FileTextOutlined', resourceMenuNodes),
  menuFolder('45', '费用中心', 'WalletOutlined', [...tradeMenuNodes, ...billingMenuNodes]),
  menuFolder('70', '企业管理', 'TeamOutlined', [
    ...deptMenuNodes,
    ...staffMenuNodes,
    ...roleMenuNodes,
    ...orgMenuNodes,
    ...blacklistMenuNodes,
  ]),
  menuFolder('80', '系统管理', 'SettingOutlined', systemMenuNodes),
  menuFolder('85', '开放平台', 'ApiOutlined', [...integrationMenuNodes, ...ecSyncMenuNodes]),
  menuFolder('86', '应用中心', 'AppstoreOutlined', [...appCentreMenuNodes, ...marketMenuNodes, ...feedbackMenuNodes]),
  menuFolder('60', '平台管理', 'ShopOutlined', [
    ...platformMenuNodes,
    ...platformContentMenuNodes,
    ...platformBlacklistMenuNodes,
    ...certificationPlatformMenuNodes,
    ...feedbackPlatformMenuNodes,
    ...appCentrePlatformMenuNodes,
    ...marketPlatformMenuNodes,
    ...callerReportPlatformMenuNodes,
    ...packetPlatformMenuNodes,
    ...cluePackagePlatformMenuNodes,
    ...tradePlatformMenuNodes,
    ...billingPlatformMenuNodes,
    ...agentPlatformMenuNodes,
    ...platformJobsMenuNodes,
  ]),
  ...agentMenuNodes,
  ...certificationMenuNodes,
  menuScreen('90', '操作指南', 'userHandle', 'QuestionCircleOutlined', null),
  { id: '91', name: '个人中心', url: 'personalCenter', icon: 'UserOutlined', type: 1, perm: null, inMenu: false },
];

/** Every permission string declared in the menu tree (seeded into the administrator role). */
export const allPermissions = (nodes: TMenuNode[] = menuTree): string[] => permissionsOf(nodes);

/** Every permission an enterprise's roles may hold. */
export const enterprisePermissions = (): string[] =>
  allPermissions().filter((p) => !isPlatformPerm(p) && !isAgentPerm(p));

/** Every permission an agent's roles may hold: its console's. */
export const agentPermissions = (): string[] => allPermissions().filter(isAgentPerm);
