import { z } from 'zod';
import {
  applicantTypes,
  ReportPerm,
  reportDocKindLabel,
  reportDocKinds,
  reportStates,
  requiredDocKinds,
} from './caller-report-labels.js';
import { isCreditCode, isIdCardNo } from './certification-labels.js';
import { ZMobile, ZNull, ZPageQuery, ZSignedUrl, ZTime, ZUploaded, zBoolean, zInt, zPage, zString } from './http.js';
import { ZCallerNumber } from './line.js';
import { menuButton, menuPage, menuScreen, type TMenuNode } from './menu.js';
import { zId } from './org-common.js';
import { routesOf } from './route.js';

export * from './caller-report-labels.js';

const route = routesOf('report');

export const ZApplicantType = z.enum(applicantTypes, { error: '申请人类型只能是法定代表人或经办人' });
export const ZReportState = z.enum(reportStates, { error: '报备状态不正确' });
export const ZReportDocKind = z.enum(reportDocKinds, { error: '资料类型不正确' });

const text = (label: string, max: number) =>
  z
    .string({ error: `请输入${label}` })
    .trim()
    .min(1, `请输入${label}`)
    .max(max, `${label}最多${max}个字`);

/** A stored document of the materials, by the name its upload answered (`<key>.<type>`). */
export const ZReportDocRef = z.object({
  kind: ZReportDocKind,
  file: z
    .string({ error: '请上传资料文件' })
    .trim()
    .regex(/^[0-9a-f]{32}\.(png|jpg|pdf|doc|docx)$/, '资料文件请通过上传获得'),
});

/** A version of the materials as submitted (资料提交); every field but the documents is text. */
export const ZMaterialsSubmit = z
  .object({
    companyName: text('企业名称', 100),
    creditCode: text('统一社会信用代码', 18).transform((s) => s.toUpperCase()),
    applicantType: ZApplicantType,
    applicantName: text('申请人姓名', 32),
    idNumber: text('申请人身份证号', 18).transform((s) => s.toUpperCase()),
    mobile: ZMobile,
    contactName: text('联系人', 32),
    contactMobile: ZMobile,
    usageScenario: text('使用场景', 200),
    script: text('通话话术', 5000),
    documents: z.array(ZReportDocRef, { error: '请上传资料文件' }).max(20, '资料文件最多20个'),
  })
  .superRefine((v, ctx) => {
    const need = (path: string, message: string) => ctx.addIssue({ code: 'custom', path: [path], message });
    if (!isCreditCode(v.creditCode)) need('creditCode', '统一社会信用代码格式不正确（18位，含校验位）');
    if (!isIdCardNo(v.idNumber)) need('idNumber', '身份证号格式不正确（18位，含校验位）');
    const kinds = new Set(v.documents.map((d) => d.kind));
    const missing = requiredDocKinds(v.applicantType).filter((k) => !kinds.has(k));
    if (missing.length) need('documents', `请上传${missing.map((k) => reportDocKindLabel[k]).join('、')}`);
  });
export type TMaterialsSubmit = z.input<typeof ZMaterialsSubmit>;

export const ZReportDoc = z.object({
  kind: ZReportDocKind,
  file: zString,
  name: zString,
  type: zString,
  size: zInt,
});
export type TReportDoc = z.infer<typeof ZReportDoc>;

/** One version of an enterprise's materials; the ID number only ever masked. */
export const ZMaterials = z.object({
  id: zInt,
  tenantId: zInt,
  enterpriseName: zString,
  version: zInt,
  companyName: zString,
  creditCode: zString,
  applicantType: ZApplicantType,
  applicantName: zString,
  idNumberMasked: zString,
  mobile: zString,
  contactName: zString,
  contactMobile: zString,
  usageScenario: zString,
  script: zString,
  documents: z.array(ZReportDoc),
  submitter: zString,
  createdAt: ZTime,
});
export type TMaterials = z.infer<typeof ZMaterials>;

export const ZMaterialsVersion = z.object({ version: zInt, submitter: zString, createdAt: ZTime });

/** One per-number report (号码报备). */
export const ZCallerReport = z.object({
  id: zInt,
  tenantId: zInt,
  enterpriseName: zString,
  lineId: zInt,
  lineName: zString,
  number: zString,
  scenario: zString,
  script: zString,
  /** The materials version it was last submitted with; null while a draft never submitted. */
  materialsVersion: zInt.nullable(),
  state: ZReportState,
  reason: zString,
  creator: zString,
  reviewer: zString,
  createdAt: ZTime,
  submittedAt: ZTime.nullable(),
  reviewedAt: ZTime.nullable(),
});
export type TCallerReport = z.infer<typeof ZCallerReport>;

export const ZReportSave = z.object({
  /** Absent: a new draft. */
  id: zId('报备编号').optional(),
  lineId: zId('线路编号'),
  number: ZCallerNumber,
  scenario: text('使用场景', 200),
  script: text('通话话术', 5000),
});
export type TReportSave = z.input<typeof ZReportSave>;

const ZFilterText = (label: string) => z.string().trim().max(64, `${label}最多64个字`).optional();

export const ZReportQuery = ZPageQuery.extend({
  state: ZReportState.optional(),
  number: z
    .string()
    .trim()
    .regex(/^\d{0,20}$/, '号码只能输入数字，最多20位')
    .optional(),
  lineId: zId('线路编号').optional(),
});

export const ZReviewQuery = ZReportQuery.extend({ enterpriseName: ZFilterText('企业名称') });

/** The review's decision, the platform's and an agent's alike. */
export const ZReviewDecision = z.object({
  id: zId('报备编号'),
  pass: z.boolean({ error: '请选择通过或驳回' }),
  reason: z.string({ error: '驳回原因不正确' }).trim().max(200, '驳回原因最多200个字').default(''),
});

/** A report with the materials version it was submitted with, side by side for the reviewer. */
export const ZReportDetail = z.object({ report: ZCallerReport, materials: ZMaterials.nullable() });

/** Where the enterprise stands with 号码报备: what the platform asks, what it has sent, what is decided. */
export const ZTenantOpenInfo = z.object({
  /** The platform's 数据审核 is on: a number calls out only once its report is approved. */
  isAuditOn: zBoolean,
  /** The latest materials version, or null before the first submission. */
  materials: ZMaterialsVersion.nullable(),
  /** The reports the reader may see, by state. */
  reports: z.object({ draft: zInt, pending: zInt, approved: zInt, rejected: zInt }),
  /** Calls may go out: 数据审核 is off, or a number's report is approved. */
  canCall: zBoolean,
});
export type TTenantOpenInfo = z.infer<typeof ZTenantOpenInfo>;

/** One report, by its id. */
export const ZReportRef = z.object({ id: zId('报备编号') });

export const callerReportRoutes = {
  tenantOpenInfo: route({
    method: 'GET',
    path: '/base/data/apply/tenant-open-info',
    summary: '号码报备开通情况',
    permission: `${ReportPerm.materialView};${ReportPerm.numberList}`,
    request: z.object({}),
    response: ZTenantOpenInfo,
  }),
  materialsInfo: route({
    method: 'GET',
    path: '/base/data/apply/info',
    summary: '报备资料',
    permission: ReportPerm.materialView,
    request: z.object({
      version: z.coerce.number().int('版本号不正确').positive('版本号不正确').max(100_000, '版本号不正确').optional(),
    }),
    response: z.object({ materials: ZMaterials.nullable(), versions: z.array(ZMaterialsVersion) }),
  }),
  materialsSubmit: route({
    method: 'POST',
    path: '/base/data/apply/submit',
    summary: '提交报备资料',
    permission: ReportPerm.materialSubmit,
    audited: true,
    request: ZMaterialsSubmit,
    response: ZMaterials,
  }),
  imageUpload: route({
    method: 'POST',
    path: '/base/data/apply/upload/image',
    summary: '上传报备图片',
    permission: ReportPerm.materialSubmit,
    body: 'multipart',
    request: z.object({}),
    response: ZUploaded,
  }),
  scriptUpload: route({
    method: 'POST',
    path: '/base/data/apply/upload/script',
    summary: '上传话术文件',
    permission: ReportPerm.materialSubmit,
    body: 'multipart',
    request: z.object({}),
    response: ZUploaded,
  }),
  /**
   * A short-lived signed address of a document of the materials: to its enterprise and to the
   * platform's reviewers only; the file itself is served at that address, no session needed.
   */
  documentLink: route({
    method: 'GET',
    path: '/base/data/apply/link/:name',
    summary: '查看报备资料文件',
    permission: `${ReportPerm.materialView};${ReportPerm.reviewList}`,
    request: z.object({ name: z.string().max(64, '文件名不正确') }),
    response: ZSignedUrl,
  }),
  reportPage: route({
    method: 'POST',
    path: '/base/tel-report/page',
    summary: '报备记录',
    permission: ReportPerm.numberList,
    request: ZReportQuery,
    response: zPage(ZCallerReport),
  }),
  /** 报备记录 as a spreadsheet: the list's rows under its filter, each with its script and review. */
  reportExport: route({
    method: 'POST',
    path: '/base/tel-report/export',
    readOnly: true,
    summary: '导出报备记录',
    permission: ReportPerm.numberList,
    result: 'blob',
    request: ZReportQuery.omit({ page: true, limit: true }),
    response: z.unknown(),
  }),
  reportInfo: route({
    method: 'GET',
    path: '/base/tel-report/info',
    summary: '报备详情',
    permission: ReportPerm.numberList,
    request: ZReportRef,
    response: ZReportDetail,
  }),
  /** The enterprise's numbers it may report: the lines it holds seats on, their and its own numbers. */
  reportNumbers: route({
    method: 'GET',
    path: '/base/tel-report/numbers',
    summary: '可报备号码',
    permission: ReportPerm.numberSubmit,
    request: z.object({}),
    response: z.array(z.object({ lineId: zInt, lineName: zString, numbers: z.array(zString) })),
  }),
  reportSave: route({
    method: 'POST',
    path: '/base/tel-report/save',
    summary: '保存号码报备',
    permission: ReportPerm.numberSubmit,
    audited: true,
    request: ZReportSave,
    response: ZCallerReport,
  }),
  reportSubmit: route({
    method: 'POST',
    path: '/base/tel-report/submit',
    summary: '提交号码报备',
    permission: ReportPerm.numberSubmit,
    audited: true,
    request: ZReportRef,
    response: ZCallerReport,
  }),
  /**
   * 撤回: a report waiting for review or approved goes back to 草稿, its number no longer offered
   * for calls until it is submitted and approved again (a number given up, a script to change).
   */
  reportWithdraw: route({
    method: 'POST',
    path: '/base/tel-report/withdraw',
    summary: '撤回号码报备',
    permission: ReportPerm.numberSubmit,
    audited: true,
    request: ZReportRef,
    response: ZCallerReport,
  }),
  reviewPage: route({
    method: 'POST',
    path: '/base/data-audit/page',
    summary: '数据审核列表',
    permission: ReportPerm.reviewList,
    request: ZReviewQuery,
    response: zPage(ZCallerReport),
  }),
  reviewInfo: route({
    method: 'GET',
    path: '/base/data-audit/info',
    summary: '数据审核详情',
    permission: ReportPerm.reviewList,
    request: ZReportRef,
    response: ZReportDetail,
  }),
  reviewExamine: route({
    method: 'POST',
    path: '/base/data-audit/examine',
    summary: '审核号码报备',
    permission: ReportPerm.reviewExamine,
    audited: true,
    request: ZReviewDecision,
    response: ZNull,
  }),
};

/** 号码报备 for an enterprise (a folder of its own: materials, the reports and their details). */
export const callerReportMenuNodes: TMenuNode[] = [
  menuScreen('3510', '资料提交', 'userdata/submit', 'SolutionOutlined', ReportPerm.materialView, [
    menuButton('351001', '提交资料', ReportPerm.materialSubmit),
  ]),
  menuScreen('3520', '报备记录', 'userdata/TelReport/telReport', 'AuditOutlined', ReportPerm.numberList, [
    menuButton('352001', '提交报备', ReportPerm.numberSubmit),
  ]),
  menuPage('3530', '报备详情', 'userdata/reportDetail', ReportPerm.numberList),
  menuPage('3540', '查看报备', 'userdata/checkReport', ReportPerm.numberList),
];

/** 数据审核 for the platform operator (in the 平台管理 folder). */
export const callerReportPlatformMenuNodes: TMenuNode[] = [
  menuScreen('6055', '数据审核', 'userdata/index', 'FileSearchOutlined', ReportPerm.reviewList, [
    menuButton('605501', '审核报备', ReportPerm.reviewExamine),
  ]),
  menuPage('6056', '审核详情', 'userdata/detail', ReportPerm.reviewList),
];
