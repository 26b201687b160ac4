// The app centre's labels, lists and permission strings, apart from its zod schemas so the web
// reaches them without zod; app-centre.ts re-exports them under the same names.

/**
 * 应用中心 (spec section 2 `app/index`, `views/Application/details`; brand option
 * `application_center`): the add-ons the platform offers and whether each is on for an enterprise.
 */
export const AppCentrePerm = {
  view: 'app:centre:view',
  manage: 'app:centre:manage',
  catalogue: 'platform:app:catalogue',
} as const;

export const appCodes = ['call_analysis', 'clue', 'open_platform', 'tencent_ec'] as const;
export type TAppCode = (typeof appCodes)[number];

/**
 * The console screens an add-on holds (by the start of their menu path): hidden from an
 * enterprise whose add-on is off. 通话分析 has no screen of its own: its switch stops the analysis.
 */
export const appMenuPrefixes: Record<TAppCode, readonly string[]> = {
  call_analysis: ['account/seatSummary', 'account/qualityRules'],
  clue: ['Clue/'],
  open_platform: ['ThirdParty/webhooks', 'ThirdParty/apiKeys'],
  tencent_ec: ['ThirdParty/TencentEc'],
};

/**
 * on: 已开通, off: 未开通 (a priced add-on never taken, or one not built), disabled: 已停用 (switched
 * off), trial: 试用中, expired: 已到期 (its trial or paid period is over). Only trial and on are on.
 */
export const appStates = ['off', 'trial', 'on', 'disabled', 'expired'] as const;
export type TAppState = (typeof appStates)[number];

export const appStateLabel: Record<TAppState, string> = {
  off: '未开通',
  trial: '试用中',
  on: '已开通',
  disabled: '已停用',
  expired: '已到期',
};

/** What a catalogue entry not yet built shows instead of its state. */
export const appSoonLabel = '即将上线';

/** Whether a menu path belongs to an add-on in `offCodes`. */
export const isAppMenuOff = (url: string, offCodes: readonly TAppCode[]): boolean =>
  offCodes.some((code) => appMenuPrefixes[code].some((prefix) => url.startsWith(prefix)));
