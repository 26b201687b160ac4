import { callerReportRoutes, type TReportDocKind } from '@yunhu/contract';
import { inject } from 'vitest';
import { call, login } from './api.js';
import { platformAccount } from './tenants.js';

const kb = 1024;
/** Files the upload's content check takes for what they claim: a PNG photo, a PDF letter, a DOCX script. */
const png = () => Buffer.concat([Buffer.from('89504e470d0a1a0a', 'hex'), Buffer.alloc(60 * kb - 8, 7)]);
const pdf = () => Buffer.from('%PDF-1.4\n%承诺书\n');
const docx = () => Buffer.concat([Buffer.from('504b0304', 'hex'), Buffer.alloc(40), Buffer.from('word/document.xml')]);

const upload = async (token: string, path: string, name: string, body: Buffer): Promise<string> => {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(body)]), name);
  const res = await fetch(`${inject('baseUrl')}${path}`, {
    method: 'POST',
    headers: { 'cloud-token': token },
    body: form,
  });
  const envelope = (await res.json()) as { code: number; msg: string; data: { url: string } };
  if (envelope.code !== 0) throw new Error(`${path}: ${envelope.code} ${envelope.msg}`);
  return envelope.data.url.split('/').pop()!;
};

/**
 * 号码报备 done as set-up, for a journey that is about calling and not about reporting: the
 * enterprise submits its materials and reports every number of its lines, the platform approves
 * them, so its calls may go out (the reporting journey itself is caller-report.e2e.ts).
 */
export const reportAndApproveNumbers = async (adminToken: string, companyName: string): Promise<void> => {
  const image = (name: string) => upload(adminToken, callerReportRoutes.imageUpload.path, name, png());
  const script = (name: string, body: Buffer) => upload(adminToken, callerReportRoutes.scriptUpload.path, name, body);
  const documents: { kind: TReportDocKind; file: string }[] = [
    { kind: 'license', file: await image('执照.png') },
    { kind: 'idFront', file: await image('人像面.png') },
    { kind: 'idBack', file: await image('国徽面.png') },
    { kind: 'idHandheld', file: await image('手持.png') },
    { kind: 'commitment', file: await script('承诺书.pdf', pdf()) },
    { kind: 'script', file: await script('话术.docx', docx()) },
  ];
  await call(
    callerReportRoutes.materialsSubmit,
    {
      companyName,
      creditCode: '91350100M000100Y43',
      applicantType: 'legal',
      applicantName: '张明',
      idNumber: '11010519491231002X',
      mobile: '13912345678',
      contactName: '李华',
      contactMobile: '13800000001',
      usageScenario: '老客户回访',
      script: '您好，我是客服，来电提醒您的服务即将到期。',
      documents,
    },
    adminToken,
  );
  const platform = await login(platformAccount.username, platformAccount.password);
  for (const line of await call(callerReportRoutes.reportNumbers, {}, adminToken)) {
    for (const number of line.numbers) {
      const draft = await call(
        callerReportRoutes.reportSave,
        { lineId: line.lineId, number, scenario: '老客户回访', script: '您好，我是客服。' },
        adminToken,
      );
      await call(callerReportRoutes.reportSubmit, { id: draft.id }, adminToken);
      await call(callerReportRoutes.reviewExamine, { id: draft.id, pass: true, reason: '' }, platform);
    }
  }
};
