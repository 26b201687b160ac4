import { z } from 'zod';
import { EcSyncPerm, ecOurFields, ecSyncKinds, ecSyncStates } from './ec-sync-labels.js';
import { ZPageQuery, ZTime, ZTimeRange, zBoolean, zInt, zPage, zString } from './http.js';
import { menuScreen, type TMenuNode } from './menu.js';
import { zId } from './org-common.js';
import { routesOf } from './route.js';

export * from './ec-sync-labels.js';

const route = routesOf('ecSync');

const ecText = (label: string, max: number) =>
  z
    .string({ error: `请输入${label}` })
    .trim()
    .min(1, `请输入${label}`)
    .max(max, `${label}最多${max}个字符`);

/** An EC id (corp, app, user, customer): digits as EC issues them. */
const ecId = (label: string) => ecText(label, 20).regex(/^\d+$/, `${label}应为数字`);

export const ZEcFieldMapRow = z.object({
  ours: z.enum(ecOurFields, { error: '字段不正确' }),
  theirs: ecText('EC 字段名', 40).regex(/^[A-Za-z_][A-Za-z0-9_]*$/, 'EC 字段名只能包含字母、数字和下划线'),
});
export type TEcFieldMapRow = z.infer<typeof ZEcFieldMapRow>;

/** A member of staff and the EC user he acts as (empty: not mapped). */
export const ZEcStaffRow = z.object({ userId: zInt, realName: zString, account: zString, ecUserId: zString });
export type TEcStaffRow = z.infer<typeof ZEcStaffRow>;

/** The enterprise's EC connection as the settings screen shows it: never the secret itself. */
export const ZEcConfig = z.object({
  corpId: zString,
  appId: zString,
  hasSecret: zBoolean,
  defaultEcUserId: zString,
  isEnabled: zBoolean,
  fieldMap: z.array(ZEcFieldMapRow),
  staff: z.array(ZEcStaffRow),
  /** The development EC simulator answers instead of EC (its account shown so it can be used). */
  simulator: z.object({ corpId: zString, appId: zString, appSecret: zString }).nullable(),
  lastPulledAt: ZTime.nullable(),
});
export type TEcConfig = z.infer<typeof ZEcConfig>;

const ZEcAccount = z.object({
  corpId: ecId('企业ID（CorpId）'),
  appId: ecId('AppId'),
  /** Empty: keep the secret already saved. */
  appSecret: z.string({ error: 'AppSecret 不正确' }).trim().max(100, 'AppSecret 最多100个字符').default(''),
});

export const ZEcConfigSave = ZEcAccount.extend({
  defaultEcUserId: ecId('默认操作人EC账号'),
  isEnabled: z.boolean({ error: '启用状态不正确' }),
  fieldMap: z
    .array(ZEcFieldMapRow, { error: '字段映射不正确' })
    .max(ecOurFields.length, '字段映射过多')
    .refine((rows) => new Set(rows.map((r) => r.ours)).size === rows.length, '同一字段只能映射一次'),
  staffMap: z
    .array(
      z.object({
        userId: zId('员工编号'),
        ecUserId: z
          .string({ error: 'EC 账号不正确' })
          .trim()
          .max(20, 'EC 账号最多20位')
          .regex(/^\d*$/, 'EC 账号应为数字'),
      }),
      { error: '员工映射不正确' },
    )
    .max(2000, '员工映射过多'),
});
export type TEcConfigSave = z.input<typeof ZEcConfigSave>;

export const ZEcTestResult = z.object({ isOk: zBoolean, message: zString });
export type TEcTestResult = z.infer<typeof ZEcTestResult>;

/** One line of the sync log. */
export const ZEcSyncItem = z.object({
  id: zInt,
  kind: z.enum(ecSyncKinds),
  state: z.enum(ecSyncStates),
  /** What the line is about: the customer's name, the follow-up's customer, the call's number. */
  subject: zString,
  refId: zInt.nullable(),
  ecId: zString,
  attempts: zInt,
  lastError: zString,
  lastAttemptAt: ZTime.nullable(),
  nextAttemptAt: ZTime.nullable(),
  createdAt: ZTime,
});
export type TEcSyncItem = z.infer<typeof ZEcSyncItem>;

export const ZEcSyncQuery = ZPageQuery.extend({
  state: z.enum(ecSyncStates, { error: '状态不正确' }).optional(),
  kind: z.enum(ecSyncKinds, { error: '类型不正确' }).optional(),
  ...ZTimeRange.shape,
});
export type TEcSyncQuery = z.input<typeof ZEcSyncQuery>;

export const ecSyncRoutes = {
  configGet: route({
    method: 'GET',
    path: '/base/ec-sync/config',
    readOnly: true,
    summary: '腾讯EC 设置',
    permission: EcSyncPerm.manage,
    request: z.object({}),
    response: ZEcConfig,
  }),
  configSave: route({
    method: 'POST',
    path: '/base/ec-sync/config/save',
    summary: '保存腾讯EC 设置',
    permission: EcSyncPerm.manage,
    audited: true,
    request: ZEcConfigSave,
    response: ZEcConfig,
  }),
  /** 测试连接: one signed call to EC with these values (the saved secret when none is typed). */
  configTest: route({
    method: 'POST',
    path: '/base/ec-sync/config/test',
    summary: '测试腾讯EC 连接',
    permission: EcSyncPerm.manage,
    request: ZEcAccount,
    response: ZEcTestResult,
  }),
  itemPage: route({
    method: 'POST',
    path: '/base/ec-sync/item/page',
    readOnly: true,
    summary: '腾讯EC 同步日志',
    permission: EcSyncPerm.manage,
    request: ZEcSyncQuery,
    response: zPage(ZEcSyncItem),
  }),
  /** 重新同步: a failed item due again now with a full set of attempts; one that waits is left as it is. */
  itemRetry: route({
    method: 'POST',
    path: '/base/ec-sync/item/retry',
    summary: '重新同步到腾讯EC',
    permission: EcSyncPerm.manage,
    audited: true,
    request: z.object({ id: zId('同步记录编号') }),
    response: ZEcSyncItem,
  }),
  /** 拉取: EC's customers changed since the last pull, queued as one item of the log. */
  pull: route({
    method: 'POST',
    path: '/base/ec-sync/pull',
    summary: '从腾讯EC 拉取客户',
    permission: EcSyncPerm.manage,
    audited: true,
    request: z.object({}),
    response: ZEcSyncItem,
  }),
};

/** 腾讯EC under 开放平台 (the add-on `tencent_ec`). */
export const ecSyncMenuNodes: TMenuNode[] = [
  menuScreen('8530', '腾讯EC 设置', 'ThirdParty/TencentEc', 'SyncOutlined', EcSyncPerm.manage),
  menuScreen('8540', '腾讯EC 同步日志', 'ThirdParty/TencentEcLog', 'UnorderedListOutlined', EcSyncPerm.manage),
];
