import { z } from 'zod';
import { blackNumberMessage, normaliseBlackNumber, ZBlackNumber } from './blacklist-number.js';
import { softphoneLineMode } from './call-labels.js';
import { ZNull, zBoolean, zInt, zString } from './http.js';
import { menuButton, type TMenuNode } from './menu.js';
import { zId } from './org-common.js';
import { Perm } from './permissions.js';
import { routesOf } from './route.js';

export { callbackLineMode, calleeBusyMessage, softphoneLineMode } from './call-labels.js';

const route = routesOf('call');

/** What the page's SIP phone needs to go online (spec section 3: key, passWord). */
export const ZSipLineConfig = z.object({
  /** SIP user (`<enterprise>-<user id>`), also the digest user name. */
  key: zString,
  passWord: zString,
  /** Where JsSIP connects (ws:// in development, wss:// behind TLS in production). */
  wsUrl: zString,
  /** The SIP domain, also the digest realm: the phone is sip:<key>@<realm>. */
  realm: zString,
});
export type TSipLineConfig = z.infer<typeof ZSipLineConfig>;

const ZLineConfigRequest = z.object({
  lineId: z.coerce
    .number({ error: '请选择线路' })
    .int('线路不正确')
    .refine((v) => v === softphoneLineMode, '只有软电话线路（lineId=2）提供SIP配置'),
});

/**
 * Callee check (spec section 4 Dial flow, step 2). `true` means the number is "alive-visible":
 * a colleague of the same enterprise is on a call with it right now, so the page shows the prompt
 * and does not dial; `0` lets the dial go on.
 */
export const ZCalleeCheck = z.union([z.literal(true), z.literal(0)]);

/** A mobile as people without the view-number permission see it (spec section 3 display rule). */
export const maskedPhoneRule = /^\d{3}\*{4}\d{4}$/;

/**
 * The number to call: a mobile or fixed line, or, from a customer, his mobile as the page shows it
 * masked (the server dials the customer's real number; the page never needs it).
 */
const ZCalleeNumber = z
  .string({ error: '请输入号码' })
  .trim()
  .min(1, '请输入号码')
  .max(30, blackNumberMessage)
  .transform((v) => (maskedPhoneRule.test(v) ? v : normaliseBlackNumber(v)))
  .pipe(z.string().refine((v) => maskedPhoneRule.test(v) || ZBlackNumber.safeParse(v).success, blackNumberMessage));
const maskedNeedsCustomer = (v: { mobile?: string; telB?: string; octCustomerId?: number }) =>
  !maskedPhoneRule.test(v.telB ?? v.mobile ?? '') || v.octCustomerId !== undefined;
const maskedNeedsCustomerMessage = '请从客户列表或客户详情拨打该客户';

export const ZCalleeCheckRequest = z
  .object({ mobile: ZCalleeNumber, octCustomerId: zId('客户').optional() })
  .refine(maskedNeedsCustomer, { message: maskedNeedsCustomerMessage, path: ['mobile'] });
export type TCalleeCheckRequest = z.infer<typeof ZCalleeCheckRequest>;

/** The dial request (spec section 7 "Brand and dial": telB, interfaceId, octCustomerId). */
export const ZDialRequest = z
  .object({
    /** The number to call (mobile or fixed line with area code, or the customer's masked mobile). */
    telB: ZCalleeNumber,
    /** The line (线路) id the page keeps in local storage. */
    interfaceId: zId('线路'),
    /** The customer being called, when the call starts from a customer. */
    octCustomerId: zId('客户').optional(),
    /**
     * The calling task's item being worked (我的任务): the dial is then refused unless the item is
     * his, still open, for this customer, and its task runs, checked in the dial's own transaction
     * (a manager's pause cannot slip between the page's check and the call).
     */
    taskItemId: zId('任务客户').optional(),
  })
  .refine(maskedNeedsCustomer, { message: maskedNeedsCustomerMessage, path: ['telB'] });
export type TDialRequest = z.infer<typeof ZDialRequest>;

/** Where a dial request stands, for the page that made it (the follow-up after a call). */
export const ZDialState = z.object({
  bindId: zString,
  /** created (soft-phone, not yet sent), ringing, talking, finished (connected) or failed. */
  state: zString,
  isOver: zBoolean,
  /** The call record once written: 1 connected, 2 not answered, 3 busy, 4 failed; null before. */
  callStatus: zInt.nullable(),
  duration: zInt.nullable(),
  /** The call record's id once written (its analysis, the follow-up after the call); null before. */
  callRecordId: zInt.nullable(),
  customerId: zInt.nullable(),
  /** Where the call stands: 呼叫中 calling, 振铃 ringing, 通话中 talking, 已结束 ended. */
  progress: z.enum(['calling', 'ringing', 'talking', 'ended']),
});
export type TDialState = z.infer<typeof ZDialState>;

export const ZDialResult = z.object({
  /** Ties the call record to this dial request (the SIP call carries it as X-Bind-Id). */
  bindId: zString,
  /** The line's mode: 2 soft-phone (the page places the SIP call), 0 carrier call-back, other app dialing. */
  lineMode: zInt,
  /** 1: the call is under way (the page sets its calling flag); otherwise it is only queued. */
  status: zInt,
  /** The number the callee sees (外显号码), when the line shows one. */
  telX: zString,
  /**
   * Soft-phone lines: what the page's SIP phone calls. The number itself for people who may see
   * it; for those who see it masked, the bind id, which Kamailio turns into the number (route
   * CALLEE), so the full number never reaches their browser. Empty on other lines.
   */
  sipTarget: zString,
});
export type TDialResult = z.infer<typeof ZDialResult>;

/** A line the signed-in user holds a valid seat on: what the line picker offers. */
export const ZUsableLine = z.object({
  lineId: zInt,
  lineName: zString,
  lineMode: zInt,
  callerNumbers: z.array(zString),
  /** The line of his calling settings (呼叫管理), preselected when the page has none stored. */
  isDefault: zBoolean,
});
export type TUsableLine = z.infer<typeof ZUsableLine>;

export const callRoutes = {
  /** Step 2 of the dial flow: is a colleague already on a call with this number? */
  calleeCheck: route({
    method: 'POST',
    path: '/base/call/callee-check',
    request: ZCalleeCheckRequest,
    response: ZCalleeCheck,
    permission: Perm.callDial,
    summary: '被叫检查',
  }),
  /**
   * Step 3: the dial request. Refused with a clear message when the user has no valid seat on the
   * line, the number is black-listed (the enterprise's or the platform's list), it is outside the
   * allowed hours or over its daily limit.
   */
  dial: route({
    method: 'POST',
    path: '/base/crmV2/callV2',
    request: ZDialRequest,
    response: ZDialResult,
    permission: Perm.callDial,
    summary: '拨打电话',
  }),
  /**
   * 回拨: the number of a call record the caller may see (his data scope) dialled again through a
   * carrier call-back line, by the same dial flow, its customer's too; answers what the dial answers.
   */
  callBack: route({
    method: 'POST',
    path: '/base/crm/callback',
    request: z.object({
      callId: zId('通话记录'),
      /** A call-back line he holds a seat on; absent: his first one. */
      interfaceId: zId('线路').optional(),
    }),
    response: ZDialResult,
    permission: Perm.callDial,
    summary: '回拨',
  }),
  /** A dial request of the signed-in person and its call record, polled until the call is over. */
  dialState: route({
    method: 'POST',
    path: '/base/call/dial-state',
    request: z.object({ bindId: z.string().trim().min(1, '请提供拨号编号').max(100) }),
    response: ZDialState,
    permission: Perm.callDial,
    summary: '拨号状态',
  }),
  /**
   * The page could not place the soft-phone call it asked for (offline, no microphone, 呼叫失败):
   * the request is withdrawn, so it counts toward no limit and keeps no number busy.
   */
  dialCancel: route({
    method: 'POST',
    path: '/base/call/dial-cancel',
    request: z.object({ bindId: z.string().trim().min(1, '请提供拨号编号').max(100) }),
    response: ZNull,
    permission: Perm.callDial,
    summary: '撤销未发出的拨号',
  }),
  /** The lines the signed-in user may dial on now (his valid seats), for the line picker. */
  usableLines: route({
    method: 'POST',
    path: '/base/call/usable-lines',
    request: z.object({}),
    response: z.array(ZUsableLine),
    permission: Perm.callDial,
    summary: '可用线路',
  }),
  /**
   * The soft-phone's SIP credentials for the signed-in user's seat (spec section 7: the line-config
   * request, at the CRM's querySipPassword); issued on first request, so POST (decision 0060).
   */
  lineConfig: route({
    method: 'POST',
    path: '/base/crm/querySipPassword',
    request: ZLineConfigRequest,
    response: ZSipLineConfig,
    permission: Perm.softphoneUse,
    summary: '获取软电话配置',
  }),
  /** A new SIP password (the old one stops working at the phone's next registration). */
  lineConfigReset: route({
    method: 'POST',
    path: '/base/call/line-config/reset',
    request: ZLineConfigRequest,
    response: ZSipLineConfig,
    permission: Perm.softphoneUse,
    audited: true,
    summary: '重置软电话密码',
  }),
} as const;

/** The soft-phone sits on every screen, so its grants hang off the home page in the role editor. */
export const softphoneMenuButtons: TMenuNode[] = [
  menuButton('1001', '使用软电话', Perm.softphoneUse),
  menuButton('1002', '拨打电话', Perm.callDial),
];
