import { yuan } from '@yunhu/contract';
import { defineErrors } from '../../http/errors.js';

/** 空号检测's errors: the batch, the balance, the checker. */
export const numberCheckErrors = defineErrors('numberCheck', {
  batchMissing: ['notFound', '检测批次不存在或已失效，请重新上传'],
  batchClosed: ['conflict', '该导入已确认或已结束，不能再检测或排除号码'],
  noNumbers: ['invalid', '该批次没有可检测的手机号'],
  tooMany: ['invalid', (max: number) => `一次最多检测${max}个号码，请分批导入`],
  balanceShort: [
    'conflict',
    (count: number, amount: number, balance: number) =>
      `余额不足：本次检测${count}个号码需${yuan(amount)}元，当前余额${yuan(balance)}元，请先充值`,
  ],
  checkerFailed: ['busy', (why: string) => `空号检测服务暂不可用：${why}，请稍后重试`],
});
