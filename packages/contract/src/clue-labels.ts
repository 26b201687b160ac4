// 企业线索's labels, lists and permission strings, apart from its zod schemas so the web reaches them
// without zod; clue.ts re-exports them under the same names.

/** 企业线索 (spec section 2, `Clue`): search, unlock contacts, convert to customers, the quota settings. */
export const CluePerm = {
  view: 'clue:company:view',
  unlock: 'clue:company:unlock',
  convert: 'clue:company:convert',
  settings: 'clue:company:settings',
} as const;

/** A company's registration status as the registry states it. */
export const clueStatuses = ['存续', '注销', '吊销', '撤销', '迁出', '设立中', '清算中', '停业'] as const;
export type TClueStatus = (typeof clueStatuses)[number];

/** Staff size bands (人员规模), stored by their index. */
export const clueStaffBands = ['未知', '少于50人', '50-99人', '100-499人', '500-999人', '1000人以上'] as const;

/** Industries (国民经济行业分类's sections most sold to by telephone). */
export const clueIndustries = [
  '信息传输、软件和信息技术服务业',
  '制造业',
  '批发和零售业',
  '建筑业',
  '租赁和商务服务业',
  '科学研究和技术服务业',
  '住宿和餐饮业',
  '交通运输、仓储和邮政业',
  '房地产业',
  '金融业',
  '教育',
  '卫生和社会工作',
  '文化、体育和娱乐业',
  '居民服务、修理和其他服务业',
  '农、林、牧、渔业',
  '电力、热力、燃气及水生产和供应业',
] as const;

/** Registered capital bands (万元): [from, to) with null for open. */
export const clueCapitalBands = [
  { label: '100万以内', from: null, to: 100 },
  { label: '100-500万', from: 100, to: 500 },
  { label: '500-1000万', from: 500, to: 1000 },
  { label: '1000-5000万', from: 1000, to: 5000 },
  { label: '5000万以上', from: 5000, to: null },
] as const;

/** Years since founding bands: [from, to) years, null for open. */
export const clueAgeBands = [
  { label: '1年内', from: null, to: 1 },
  { label: '1-3年', from: 1, to: 3 },
  { label: '3-5年', from: 3, to: 5 },
  { label: '5-10年', from: 5, to: 10 },
  { label: '10年以上', from: 10, to: null },
] as const;

/** relevance: a name match before a business-scope match, then the larger capital. */
export const clueSorts = ['relevance', 'founded', 'capital'] as const;
export type TClueSort = (typeof clueSorts)[number];
export const clueSortLabel: Record<TClueSort, string> = {
  relevance: '相关度',
  founded: '成立日期（新→旧）',
  capital: '注册资本（高→低）',
};

/** Where the companies come from: the generated development set says it is one. */
export const clueSourceLabel: Record<string, string> = {
  dev: '模拟企业库（开发用）',
  tianyancha: '天眼查',
};

/** Where a converted company goes. */
export const clueTargets = ['mine', 'pool'] as const;
export type TClueTarget = (typeof clueTargets)[number];
export const clueTargetLabel: Record<TClueTarget, string> = { mine: '我的客户（私海）', pool: '客户公海' };

export const clueLimits = {
  /** Search results past this row are not paged to: a narrower filter finds them. */
  maxRows: 5000,
  /** The quota a new enterprise may take once (试用). */
  trialUnits: 50,
  /** Unlocks per person per day when the administrator set nothing. */
  dailyDefault: 10,
  /** Companies converted in one request. */
  convertMax: 100,
} as const;
