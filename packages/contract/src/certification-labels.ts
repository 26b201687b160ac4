// The certification area's labels, lists and plain rules, apart from its zod schemas so the web reaches
// them without zod, so the first load stays small; certification.ts re-exports them under the same names.

/**
 * Enterprise authentication (企业认证, spec sections 2 and 3): an enterprise administrator submits
 * a personal or an enterprise authentication; the platform operator (super tenant) examines it and
 * the enterprise's auth state becomes 1 个人认证 or 2 企业认证.
 */
export const CertPerm = {
  view: 'org:auth:view',
  submit: 'org:auth:submit',
  list: 'platform:auth:list',
  examine: 'platform:auth:examine',
} as const;

export const certTypes = ['personal', 'enterprise'] as const;

export const certTypeLabel: Record<(typeof certTypes)[number], string> = {
  personal: '个人认证',
  enterprise: '企业认证',
};

export const certStatuses = ['pending', 'approved', 'rejected'] as const;

export const certStatusLabel: Record<(typeof certStatuses)[number], string> = {
  pending: '待审核',
  approved: '已通过',
  rejected: '已驳回',
};

const creditCodeChars = '0123456789ABCDEFGHJKLMNPQRTUWXY';

const creditCodeWeights = [1, 3, 9, 27, 19, 26, 16, 17, 20, 29, 25, 13, 8, 24, 10, 30, 28];

/** 统一社会信用代码 (GB 32100-2015): 18 characters, the last one a check character. */
export const isCreditCode = (code: string): boolean => {
  if (!/^[0-9A-HJ-NPQRTUWXY]{2}\d{6}[0-9A-HJ-NPQRTUWXY]{10}$/.test(code)) return false;
  const sum = creditCodeWeights.reduce((acc, w, i) => acc + creditCodeChars.indexOf(code[i]!) * w, 0);
  return creditCodeChars[(31 - (sum % 31)) % 31] === code[17];
};

const idCardWeights = [7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2];

/** 居民身份证号码 (GB 11643-1999): 18 characters, the last one a check character. */
export const isIdCardNo = (no: string): boolean => {
  if (!/^\d{17}[\dX]$/.test(no)) return false;
  const sum = idCardWeights.reduce((acc, w, i) => acc + Number(no[i]) * w, 0);
  return '10X98765432'[sum % 11] === no[17];
};
