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
  // CRM.
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
  // Dialing.
  /** Go online with the browser soft-phone (SIP credentials of one's own seat). */
  softphoneUse: 'call:softphone:use',
  /** Dial a number (callee check and the dial request, spec section 4 Dial flow). */
  callDial: 'call:dial:make',
  /** 呼叫管理: per-staff calling settings (line, caller number, allowed hours, daily limits, recording). */
  callingList: 'call:calling:list',
  callingUpdate: 'call:calling:update',
  /** 呼叫拦截记录: calls of one's data scope refused at the SIP edge (no authorised dial request). */
  callInterceptList: 'call:intercept:list',
  /** 通话记录: the records of one's data scope, their figures and details. */
  callRecordList: 'call:record:list',
  callRecordExport: 'call:record:export',
  /** Play call recordings from 通话记录. */
  callRecordPlay: 'call:record:play',
  /** Analyse a recorded call again (通话记录's 智能分析). */
  callAnalysisReanalyse: 'call:analysis:reanalyse',
  /** 质检设置: the enterprise's quality rules, extraction fields and which lines' calls are analysed. */
  callQualitySettings: 'call:quality:update',
  /** 话务统计: call statistics of one's data scope (dashboard card and its detail pages). */
  callStatistics: 'call:statistics:list',
  callStatisticsExport: 'call:statistics:export',
  /** 实时监控: who of one's data scope is online, ringing, talking now (managers, not agents). */
  callWallboard: 'call:wallboard:list',
  /** 监听: hear a talking colleague's call of one's data scope, silently, from 实时监控. */
  callListen: 'call:monitor:listen',
  /** 耳语: speak to a talking colleague of one's data scope; the other party does not hear it. */
  callWhisper: 'call:monitor:whisper',
  /** 强插: speak into a talking colleague's call so that both he and the other party hear it. */
  callBarge: 'call:monitor:barge',
  /** 任务卡: calling tasks of one's department and below, their progress. */
  taskCardList: 'call:task:list',
  /** Create tasks, change them, pause, resume and close them, add and remove their customers. */
  taskCardManage: 'call:task:manage',
  /** 我的任务: work one's own customers of calling tasks with automatic dialing. */
  taskCardWork: 'call:task:work',
  // Seats, lines and numbers.
  seatList: 'seat:seat:list',
  /** Assign, renew, release and delete seats; renewal switches. */
  seatUpdate: 'seat:seat:update',
  seatExport: 'seat:seat:export',
  lineList: 'line:line:list',
  numberPoolList: 'line:number:list',
  numberPoolDistribute: 'line:number:distribute',
  callerNumberList: 'line:caller:list',
  callerNumberUpdate: 'line:caller:update',
  // Black-list: the enterprise's own list and, for the platform operator, the platform's.
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
