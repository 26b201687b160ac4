import { defineErrors } from '../../http/errors.js';

/** The errors of 回访, under the `crm.` keys the web already branches on. */
export const crmVisitErrors = defineErrors('crm', {
  visitMobileMismatch: ['invalid', '手机号与所选客户不一致'],
  visitMobileUnknown: ['invalid', '该号码不是本企业客户'],
  visitCustomerOutOfScope: ['notFound', '该号码的客户不在您的数据范围内'],
  visitsMissing: [
    'notFound',
    (asked: number, missing: number) =>
      asked === 1
        ? '回访记录不存在或不在您的数据范围内'
        : `有${missing}条回访记录不存在或不在您的数据范围内，未删除任何记录`,
  ],
});
