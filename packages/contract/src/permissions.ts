import { certificationMenuNodes, certificationPlatformMenuNodes } from './certification.js';
import { platformContentMenuNodes } from './platform-content.js';

/**
 * Menu and button permission strings (`area:object:action`, DESIGN.md section 7), declared once.
 * Roles hold these strings; the server checks them on every guarded route and
 * `/base/sys/menu/nav` builds the menu tree from them.
 */
export const Perm = {
  // The platform operator's (super tenant's) screens.
  enterpriseList: 'platform:enterprise:list',
  enterpriseExamine: 'platform:enterprise:examine',
  enterpriseStatus: 'platform:enterprise:status',
  logList: 'system:log:list',
  logExport: 'system:log:export',
  roleList: 'org:role:list',
  roleAdd: 'org:role:add',
  roleUpdate: 'org:role:update',
  roleDelete: 'org:role:delete',
  deptList: 'org:dept:list',
  deptAdd: 'org:dept:add',
  deptUpdate: 'org:dept:update',
  deptDelete: 'org:dept:delete',
  staffList: 'org:staff:list',
  staffAdd: 'org:staff:add',
  staffUpdate: 'org:staff:update',
  staffStatus: 'org:staff:status',
  staffDelete: 'org:staff:delete',
  staffExport: 'org:staff:export',
  staffImport: 'org:staff:import',
  staffBilling: 'org:staff:billing',
  staffPassword: 'org:staff:password',
  applyList: 'org:apply:list',
  applyExamine: 'org:apply:examine',
  // CRM (issue 4).
  customerList: 'crm:customer:list',
  customerAdd: 'crm:customer:add',
  customerUpdate: 'crm:customer:update',
  /** Move to the recycle bin. */
  customerDelete: 'crm:customer:delete',
  customerAllocate: 'crm:customer:allocate',
  customerTransfer: 'crm:customer:transfer',
  customerRelease: 'crm:customer:release',
  customerExport: 'crm:customer:export',
  customerImport: 'crm:customer:import',
  /** See full customer mobiles while the privacy setting is on. */
  customerMobile: 'crm:customer:mobile',
  poolList: 'crm:pool:list',
  poolClaim: 'crm:pool:claim',
  recycleList: 'crm:recycle:list',
  recycleRecover: 'crm:recycle:recover',
  recycleDelete: 'crm:recycle:delete',
  ownerLogList: 'crm:log:list',
  visitList: 'crm:visit:list',
  visitAdd: 'crm:visit:add',
  visitDelete: 'crm:visit:delete',
  ruleUpdate: 'crm:rule:update',
  /** Tags, custom fields, shared quick replies and the privacy switch. */
  crmSettings: 'crm:settings:update',
  // Dialing (issue 5).
  /** Go online with the browser soft-phone (SIP credentials of one's own seat). */
  softphoneUse: 'call:softphone:use',
  /** Dial a number (callee check and the dial request, spec section 4 Dial flow). */
  callDial: 'call:dial:make',
  /** 呼叫管理: per-staff calling settings (line, caller number, allowed hours, daily limits, recording). */
  callingList: 'call:calling:list',
  callingUpdate: 'call:calling:update',
  /** 通话记录 (issue 6): the records of one's data scope, their figures and details. */
  callRecordList: 'call:record:list',
  callRecordExport: 'call:record:export',
  /** Play call recordings from 通话记录. */
  callRecordPlay: 'call:record:play',
  /** 话务统计 (issue 6): call statistics of one's data scope (dashboard card and its detail pages). */
  callStatistics: 'call:statistics:list',
  callStatisticsExport: 'call:statistics:export',
  /** 任务卡 (issue 6): calling tasks of one's department and below, their progress. */
  callTaskList: 'call:task:list',
  /** Create tasks, change them, pause, resume and close them, add and remove their customers. */
  callTaskManage: 'call:task:manage',
  /** 我的任务: work one's own customers of calling tasks with automatic dialing. */
  callTaskWork: 'call:task:work',
  // Seats, lines and numbers (issue 5).
  seatList: 'seat:seat:list',
  /** Assign, renew, release and delete seats; renewal switches. */
  seatUpdate: 'seat:seat:update',
  seatExport: 'seat:seat:export',
  lineList: 'line:line:list',
  numberPoolList: 'line:number:list',
  numberPoolDistribute: 'line:number:distribute',
  callerNumberList: 'line:caller:list',
  callerNumberUpdate: 'line:caller:update',
  // Black-list (issue 5): the enterprise's own list and, for the platform operator, the platform's.
  blacklistList: 'blacklist:number:list',
  blacklistAdd: 'blacklist:number:add',
  blacklistUpdate: 'blacklist:number:update',
  blacklistDelete: 'blacklist:number:delete',
  blacklistImport: 'blacklist:number:import',
  blacklistExport: 'blacklist:number:export',
  /** 黑名单拦截: the check tool, the platform list (read-only) and the log of intercepted dials. */
  blacklistIntercept: 'blacklist:intercept:list',
  platformBlacklistList: 'platform:blacklist:list',
  platformBlacklistAdd: 'platform:blacklist:add',
  platformBlacklistUpdate: 'platform:blacklist:update',
  platformBlacklistDelete: 'platform:blacklist:delete',
  platformBlacklistImport: 'platform:blacklist:import',
  platformBlacklistExport: 'platform:blacklist:export',
} as const;
export type TPerm = (typeof Perm)[keyof typeof Perm];

export type TMenuNode = {
  /** Stable id, also the order key. */
  id: string;
  name: string;
  /** Hash route under /menu, without the prefix; empty for a folder. */
  url: string;
  icon: string;
  /** 0 folder, 1 menu, 2 button. */
  type: 0 | 1 | 2;
  /** Permission that shows the node; null = every signed-in user. */
  perm: string | null;
  /** Shown in the side menu (detail pages are not). */
  inMenu: boolean;
  children?: TMenuNode[];
};

const button = (id: string, name: string, perm: string): TMenuNode => ({
  id,
  name,
  url: '',
  icon: '',
  type: 2,
  perm,
  inMenu: false,
});

/**
 * The organisation screens (issue 3): 组织架构, 员工管理, 员工申请, 角色权限 with their buttons.
 * Kept apart so the whole folder can be detached from `menuTree` if its screens do not land.
 */
export const orgMenuNodes: TMenuNode[] = [
  {
    id: '70',
    name: '企业管理',
    url: '',
    icon: 'TeamOutlined',
    type: 0,
    perm: null,
    inMenu: true,
    children: [
      {
        id: '7010',
        name: '组织架构',
        url: 'company/organization',
        icon: 'ApartmentOutlined',
        type: 1,
        perm: Perm.deptList,
        inMenu: true,
        children: [
          button('701001', '新增部门', Perm.deptAdd),
          button('701002', '编辑部门', Perm.deptUpdate),
          button('701003', '删除部门', Perm.deptDelete),
        ],
      },
      {
        id: '7020',
        name: '员工管理',
        url: 'account/staffManage',
        icon: 'UserOutlined',
        type: 1,
        perm: Perm.staffList,
        inMenu: true,
        children: [
          button('702001', '新增员工', Perm.staffAdd),
          button('702002', '编辑员工', Perm.staffUpdate),
          button('702003', '启用停用', Perm.staffStatus),
          button('702004', '删除员工', Perm.staffDelete),
          button('702005', '导出员工', Perm.staffExport),
          button('702006', '导入员工', Perm.staffImport),
          button('702007', '计费开关', Perm.staffBilling),
          button('702008', '重置密码', Perm.staffPassword),
        ],
      },
      {
        id: '7030',
        name: '员工申请',
        url: 'company/applyFor',
        icon: 'AuditOutlined',
        type: 1,
        perm: Perm.applyList,
        inMenu: true,
        children: [button('703001', '审核申请', Perm.applyExamine)],
      },
      {
        id: '7040',
        name: '角色权限',
        url: 'company/permissions',
        icon: 'SafetyOutlined',
        type: 1,
        perm: Perm.roleList,
        inMenu: true,
        children: [
          button('704001', '新增角色', Perm.roleAdd),
          button('704002', '编辑角色', Perm.roleUpdate),
          button('704003', '删除角色', Perm.roleDelete),
        ],
      },
      {
        id: '7050',
        name: '操作记录',
        url: 'company/operationRecord',
        icon: 'FileSearchOutlined',
        type: 1,
        perm: Perm.logList,
        inMenu: true,
      },
      {
        id: '7060',
        name: '黑名单',
        url: 'company/blacklist',
        icon: 'StopOutlined',
        type: 1,
        perm: Perm.blacklistList,
        inMenu: true,
        children: [
          button('706001', '添加号码', Perm.blacklistAdd),
          button('706002', '编辑号码', Perm.blacklistUpdate),
          button('706003', '删除号码', Perm.blacklistDelete),
          button('706004', '导入号码', Perm.blacklistImport),
          button('706005', '导出号码', Perm.blacklistExport),
        ],
      },
      {
        id: '7070',
        name: '黑名单拦截',
        url: 'account/blackIntercept',
        icon: 'SafetyCertificateOutlined',
        type: 1,
        perm: Perm.blacklistIntercept,
        inMenu: true,
      },
    ],
  },
];

/**
 * The CRM screens (issue 4). Customer details, creation and the recycle-bin details are pages
 * reached from the lists, not side-menu entries.
 */
export const crmMenuNodes: TMenuNode[] = [
  {
    id: '20',
    name: '客户管理',
    url: '',
    icon: 'ContactsOutlined',
    type: 0,
    perm: null,
    inMenu: true,
    children: [
      {
        id: '2010',
        name: '我的客户',
        url: 'CRM/myCustomer',
        icon: 'SolutionOutlined',
        type: 1,
        perm: Perm.customerList,
        inMenu: true,
        children: [
          button('201001', '新建客户', Perm.customerAdd),
          button('201002', '编辑客户', Perm.customerUpdate),
          button('201003', '删除客户', Perm.customerDelete),
          button('201004', '分配客户', Perm.customerAllocate),
          button('201005', '转移客户', Perm.customerTransfer),
          button('201006', '放入公海', Perm.customerRelease),
          button('201007', '导出客户', Perm.customerExport),
          button('201008', '导入客户', Perm.customerImport),
          button('201009', '查看完整号码', Perm.customerMobile),
          button('201010', '客户设置', Perm.crmSettings),
        ],
      },
      {
        id: '2020',
        name: '客户公海',
        url: 'CRM/totalOfCustomer',
        icon: 'GlobalOutlined',
        type: 1,
        perm: Perm.poolList,
        inMenu: true,
        children: [button('202001', '领取客户', Perm.poolClaim)],
      },
      {
        id: '2011',
        name: '客户详情',
        url: 'CRM/customerDetails',
        icon: '',
        type: 1,
        perm: Perm.customerList,
        inMenu: false,
      },
      {
        id: '2012',
        name: '新建客户',
        url: 'CRM/createNewCustomer',
        icon: '',
        type: 1,
        perm: Perm.customerAdd,
        inMenu: false,
      },
      {
        id: '2030',
        name: '回收站',
        url: 'CRM/recycler',
        icon: 'DeleteOutlined',
        type: 1,
        perm: Perm.recycleList,
        inMenu: true,
        children: [button('203001', '恢复客户', Perm.recycleRecover), button('203002', '彻底删除', Perm.recycleDelete)],
      },
      {
        id: '2031',
        name: '回收站详情',
        url: 'CRM/recyclerDetail',
        icon: '',
        type: 1,
        perm: Perm.recycleList,
        inMenu: false,
      },
      {
        id: '2032',
        name: '回收站详情',
        url: 'CRM/recyclerDetail1',
        icon: '',
        type: 1,
        perm: Perm.recycleList,
        inMenu: false,
      },
      {
        id: '2040',
        name: '客户操作记录',
        url: 'CRM/operatingRecord',
        icon: 'HistoryOutlined',
        type: 1,
        perm: Perm.ownerLogList,
        inMenu: true,
      },
      {
        id: '2050',
        name: '回访列表',
        url: 'company/upList',
        icon: 'PhoneOutlined',
        type: 1,
        perm: Perm.visitList,
        inMenu: true,
        children: [button('205001', '新增回访', Perm.visitAdd), button('205002', '删除回访', Perm.visitDelete)],
      },
      {
        id: '2060',
        name: '业务规则',
        url: 'business',
        icon: 'ControlOutlined',
        type: 1,
        perm: Perm.ruleUpdate,
        inMenu: true,
      },
    ],
  },
];

/** The dialing screens (issue 5): calling settings, seats, number pool, caller numbers, lines. */
export const telephonyMenuNodes: TMenuNode[] = [
  {
    id: '30',
    name: '呼叫中心',
    url: '',
    icon: 'CustomerServiceOutlined',
    type: 0,
    perm: null,
    inMenu: true,
    children: [
      {
        id: '3010',
        name: '呼叫管理',
        url: 'account/callingManagement',
        icon: 'ControlOutlined',
        type: 1,
        perm: Perm.callingList,
        inMenu: true,
        children: [button('301001', '修改呼叫设置', Perm.callingUpdate)],
      },
      {
        id: '3020',
        name: '坐席管理',
        url: 'account/purchaseeats',
        icon: 'IdcardOutlined',
        type: 1,
        perm: Perm.seatList,
        inMenu: true,
        children: [button('302001', '分配与续费', Perm.seatUpdate), button('302002', '导出坐席', Perm.seatExport)],
      },
      {
        id: '3030',
        name: '号码池',
        url: 'account/numberPool',
        icon: 'NumberOutlined',
        type: 1,
        perm: Perm.numberPoolList,
        inMenu: true,
        children: [button('303001', '分配号码', Perm.numberPoolDistribute)],
      },
      {
        id: '3040',
        name: '外显号码',
        url: 'userdata/mobiles',
        icon: 'PhoneOutlined',
        type: 1,
        perm: Perm.callerNumberList,
        inMenu: true,
        children: [button('304001', '管理外显号码', Perm.callerNumberUpdate)],
      },
      {
        id: '3050',
        name: '线路展示',
        url: 'userdata/submit/index',
        icon: 'ApiOutlined',
        type: 1,
        perm: Perm.lineList,
        inMenu: true,
      },
      {
        id: '3060',
        name: '通话记录',
        url: 'account/callRecord',
        icon: 'FileTextOutlined',
        type: 1,
        perm: Perm.callRecordList,
        inMenu: true,
        children: [
          button('306001', '播放录音', Perm.callRecordPlay),
          button('306002', '导出通话记录', Perm.callRecordExport),
        ],
      },
      {
        id: '3070',
        name: '话务统计',
        url: 'phoneStatistics',
        icon: 'BarChartOutlined',
        type: 1,
        perm: Perm.callStatistics,
        inMenu: true,
        children: [
          button('307001', '导出话务统计', Perm.callStatisticsExport),
          {
            id: '307002',
            name: '每日话务明细',
            url: 'callDetails',
            icon: '',
            type: 1,
            perm: Perm.callStatistics,
            inMenu: false,
          },
          {
            id: '307003',
            name: '坐席话务明细',
            url: 'userDetails',
            icon: '',
            type: 1,
            perm: Perm.callStatistics,
            inMenu: false,
          },
          {
            id: '307004',
            name: '线路话务统计',
            url: 'machineDetail',
            icon: '',
            type: 1,
            perm: Perm.callStatistics,
            inMenu: false,
          },
        ],
      },
      {
        id: '3080',
        name: '任务卡',
        url: 'taskCard',
        icon: 'ScheduleOutlined',
        type: 1,
        perm: Perm.callTaskList,
        inMenu: true,
        children: [
          button('308001', '管理任务', Perm.callTaskManage),
          {
            id: '308002',
            name: '任务详情',
            url: 'taskCard/Info',
            icon: '',
            type: 1,
            perm: Perm.callTaskList,
            inMenu: false,
          },
          {
            id: '308003',
            name: '任务设置',
            url: 'taskCard/Attribute',
            icon: '',
            type: 1,
            perm: Perm.callTaskManage,
            inMenu: false,
          },
        ],
      },
      {
        id: '3090',
        name: '我的任务',
        url: 'myTaskCard',
        icon: 'CarryOutOutlined',
        type: 1,
        perm: Perm.callTaskWork,
        inMenu: true,
      },
    ],
  },
];

/**
 * The product's menu tree. Each business area adds its screens here when it builds them;
 * a screen that is not built is not shown (no dead links in the side menu).
 */
export const menuTree: TMenuNode[] = [
  {
    id: '10',
    name: '首页',
    url: 'home',
    icon: 'HomeOutlined',
    type: 1,
    perm: null,
    inMenu: true,
    // The soft-phone sits on every screen, so its grant hangs off the home page in the role editor.
    children: [button('1001', '使用软电话', Perm.softphoneUse), button('1002', '拨打电话', Perm.callDial)],
  },
  ...crmMenuNodes,
  ...telephonyMenuNodes,
  ...orgMenuNodes,
  {
    id: '80',
    name: '系统管理',
    url: '',
    icon: 'SettingOutlined',
    type: 0,
    perm: null,
    inMenu: true,
    children: [
      {
        id: '8010',
        name: '操作日志',
        url: 'logcom',
        icon: 'FileSearchOutlined',
        type: 1,
        perm: Perm.logList,
        inMenu: true,
        children: [{ id: '801001', name: '导出日志', url: '', icon: '', type: 2, perm: Perm.logExport, inMenu: false }],
      },
      { id: '8011', name: '查看日志', url: 'add', icon: '', type: 1, perm: Perm.logList, inMenu: false },
    ],
  },
  {
    id: '60',
    name: '平台管理',
    url: '',
    icon: 'ShopOutlined',
    type: 0,
    perm: null,
    inMenu: true,
    children: [
      {
        id: '6010',
        name: '企业列表',
        url: 'platform/enterprise',
        icon: 'ShopOutlined',
        type: 1,
        perm: Perm.enterpriseList,
        inMenu: true,
        children: [
          { id: '601001', name: '审核企业', url: '', icon: '', type: 2, perm: Perm.enterpriseExamine, inMenu: false },
          { id: '601002', name: '开通停用', url: '', icon: '', type: 2, perm: Perm.enterpriseStatus, inMenu: false },
        ],
      },
      ...platformContentMenuNodes,
      {
        id: '6070',
        name: '平台黑名单',
        url: 'platform/blacklist',
        icon: 'StopOutlined',
        type: 1,
        perm: Perm.platformBlacklistList,
        inMenu: true,
        children: [
          button('607001', '添加号码', Perm.platformBlacklistAdd),
          button('607002', '编辑号码', Perm.platformBlacklistUpdate),
          button('607003', '删除号码', Perm.platformBlacklistDelete),
          button('607004', '导入号码', Perm.platformBlacklistImport),
          button('607005', '导出号码', Perm.platformBlacklistExport),
        ],
      },
      ...certificationPlatformMenuNodes,
    ],
  },
  ...certificationMenuNodes,
  { id: '90', name: '操作指南', url: 'userHandle', icon: 'QuestionCircleOutlined', type: 1, perm: null, inMenu: true },
  { id: '91', name: '个人中心', url: 'personalCenter', icon: 'UserOutlined', type: 1, perm: null, inMenu: false },
];

/** Every permission string declared in the menu tree (seeded into the administrator role). */
export const allPermissions = (nodes: TMenuNode[] = menuTree): string[] => {
  const walk = (list: TMenuNode[]): string[] =>
    list.flatMap((n) => [...(n.perm ? [n.perm] : []), ...walk(n.children ?? [])]);
  return [...new Set(walk(nodes))];
};

/** Platform strings are the super tenant's alone: an enterprise administrator does not get them. */
export const isPlatformPerm = (perm: string): boolean => perm.startsWith('platform:');

/** Every permission an enterprise's roles may hold. */
export const enterprisePermissions = (): string[] => allPermissions().filter((p) => !isPlatformPerm(p));

/** The tree as a role holding `perms` sees it: nodes it may not open are removed, empty folders too. */
export const filterMenu = (nodes: TMenuNode[], canSee: (perm: string | null) => boolean): TMenuNode[] =>
  nodes.flatMap((n) => {
    if (!canSee(n.perm)) return [];
    const children = n.children ? filterMenu(n.children, canSee) : undefined;
    if (n.type === 0 && (!children || children.length === 0)) return [];
    return [{ ...n, ...(children ? { children } : {}) }];
  });
