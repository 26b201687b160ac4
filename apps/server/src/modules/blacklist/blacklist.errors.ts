import type { TBlackLevel } from '@yunhu/contract';
import { defineErrors } from '../../http/errors.js';

/** The black-list area's errors (企业黑名单, 平台黑名单), each declared once. */
export const blacklistErrors = defineErrors('blacklist', {
  entryMissing: ['notFound', '黑名单号码不存在或已删除'],
  expiryPast: ['invalid', '有效期须晚于当前时间，不填则永久有效'],
  listedAlready: [
    'conflict',
    (number: string, level: TBlackLevel) => `号码${number}已在${level === 'tenant' ? '企业' : '平台'}黑名单中`,
  ],
  /** Another person listed one of the numbers between our check and our write. */
  listedMeanwhile: ['conflict', '有号码刚被其他人加入黑名单，请重新提交'],
  /** A company named by an entry already (its code or its name); `what` is 企业「名称」 or the code. */
  companyListed: ['conflict', (what: string) => `${what}已在企业黑名单中`],
  companyEntryMissing: ['notFound', '企业黑名单记录不存在或已删除'],
  companyLinesEmpty: ['invalid', '请输入企业名称或统一社会信用代码，每行一家'],
});
