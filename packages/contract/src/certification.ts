import { z } from 'zod';
import { CertPerm, certStatuses, certTypes, isCreditCode, isIdCardNo } from './certification-labels.js';
import { ZNull, ZPageQuery, ZTime, ZUploaded, zInt, zPage, zString } from './http.js';
import { menuButton, menuScreen, type TMenuNode } from './menu.js';
import { zId, zIds } from './org-common.js';
import { routesOf } from './route.js';

export {
  CertPerm,
  certStatuses,
  certStatusLabel,
  certTypeLabel,
  certTypes,
  isCreditCode,
  isIdCardNo,
} from './certification-labels.js';

const enterpriseRoute = routesOf('org');
const platformRoute = routesOf('platform');

export const ZCertType = z.enum(certTypes, { error: '认证类型只能是个人认证或企业认证' });
export type TCertType = z.infer<typeof ZCertType>;

export const ZCertStatus = z.enum(certStatuses, { error: '审核状态不正确' });
export type TCertStatus = z.infer<typeof ZCertStatus>;

const text = (label: string, max: number) =>
  z
    .string({ error: `请输入${label}` })
    .trim()
    .max(max, `${label}最多${max}个字`)
    .optional()
    .default('');

/** An uploaded file of this server (`/base/sys/oss/upload`). */
const ZUploadUrl = z.string({ error: '请上传营业执照' }).trim().max(300, '营业执照地址过长').optional().default('');

/**
 * The submission. Enterprise: company name, 统一社会信用代码, legal person and the business licence;
 * personal: the person's name and 身份证号. Which fields are required is checked per type.
 */
export const ZCertSubmit = z
  .object({
    type: ZCertType,
    companyName: text('企业名称', 100),
    creditCode: text('统一社会信用代码', 18).transform((s) => s.toUpperCase()),
    legalPerson: text('法定代表人', 32),
    licenseUrl: ZUploadUrl,
    personName: text('姓名', 32),
    idCardNo: text('身份证号', 18).transform((s) => s.toUpperCase()),
  })
  .superRefine((v, ctx) => {
    const need = (path: string, message: string) => ctx.addIssue({ code: 'custom', path: [path], message });
    if (v.type === 'enterprise') {
      if (!v.companyName) need('companyName', '请输入企业名称');
      if (!v.creditCode) need('creditCode', '请输入统一社会信用代码');
      else if (!isCreditCode(v.creditCode)) need('creditCode', '统一社会信用代码格式不正确（18位，含校验位）');
      if (!v.legalPerson) need('legalPerson', '请输入法定代表人');
      if (!v.licenseUrl) need('licenseUrl', '请上传营业执照');
    } else {
      if (!v.personName) need('personName', '请输入姓名');
      if (!v.idCardNo) need('idCardNo', '请输入身份证号');
      else if (!isIdCardNo(v.idCardNo)) need('idCardNo', '身份证号格式不正确（18位，含校验位）');
    }
  });
export type TCertSubmit = z.input<typeof ZCertSubmit>;

export const ZCertification = z.object({
  id: zInt,
  tenantId: zInt,
  enterpriseName: zString,
  tenantCode: zString,
  type: ZCertType,
  companyName: zString,
  creditCode: zString,
  legalPerson: zString,
  licenseUrl: zString,
  personName: zString,
  /** Masked except for the platform operator. */
  idCardNo: zString,
  status: ZCertStatus,
  reason: zString,
  submitter: zString,
  examiner: zString,
  createdAt: ZTime,
  examinedAt: ZTime.nullable(),
});
export type TCertification = z.infer<typeof ZCertification>;

const ZExamine = {
  pass: z.boolean({ error: '请选择通过或驳回' }),
  reason: z.string({ error: '驳回原因不正确' }).trim().max(200, '驳回原因最多200个字').default(''),
};

export const certificationRoutes = {
  certInfo: enterpriseRoute({
    method: 'GET',
    path: '/base/enterprise/auth/info',
    readOnly: true,
    summary: '企业认证状态',
    permission: CertPerm.view,
    request: z.object({}),
    response: z.object({
      enterpriseName: zString,
      authState: zInt,
      authStateLabel: zString,
      /** The latest submission (pending, or the last examined one), null before the first. */
      latest: ZCertification.nullable(),
    }),
  }),
  certSubmit: enterpriseRoute({
    method: 'POST',
    path: '/base/enterprise/auth/submit',
    summary: '提交企业认证',
    permission: CertPerm.submit,
    audited: true,
    request: ZCertSubmit,
    response: ZCertification,
  }),
  licenseUpload: enterpriseRoute({
    method: 'POST',
    path: '/base/sys/oss/upload/business-license',
    summary: '上传营业执照',
    permission: CertPerm.submit,
    body: 'multipart',
    request: z.object({}),
    response: ZUploaded,
  }),
  certPage: platformRoute({
    method: 'GET',
    path: '/base/enterprise/auth/page',
    readOnly: true,
    summary: '企业认证审核列表',
    permission: CertPerm.list,
    request: ZPageQuery.extend({
      enterpriseName: z.string().trim().max(64, '企业名称最多64个字').optional(),
      status: ZCertStatus.optional(),
      type: ZCertType.optional(),
    }),
    response: zPage(ZCertification),
  }),
  certExamine: platformRoute({
    method: 'POST',
    path: '/base/enterprise/auth/examine',
    summary: '审核企业认证',
    permission: CertPerm.examine,
    audited: true,
    request: z.object({ id: zId('认证编号'), ...ZExamine }),
    response: ZNull,
  }),
  certBatchExamine: platformRoute({
    method: 'POST',
    path: '/base/enterprise/auth/batch-examine',
    summary: '批量审核企业认证',
    permission: CertPerm.examine,
    audited: true,
    request: z.object({ ids: zIds('认证编号', 200), ...ZExamine }),
    response: ZNull,
  }),
};

/** 企业认证 for an enterprise administrator (the shell's personalCenter/reviewTheDetails). */
export const certificationMenuNodes: TMenuNode[] = [
  menuScreen('92', '企业认证', 'personalCenter/reviewTheDetails', 'SafetyCertificateOutlined', CertPerm.view, [
    menuButton('9201', '提交认证', CertPerm.submit),
  ]),
];

/** The platform operator's 认证审核 screen (placed in the 平台管理 folder). */
export const certificationPlatformMenuNodes: TMenuNode[] = [
  menuScreen('6050', '认证审核', 'platform/certification', 'SafetyCertificateOutlined', CertPerm.list, [
    menuButton('605001', '审核认证', CertPerm.examine),
  ]),
];
