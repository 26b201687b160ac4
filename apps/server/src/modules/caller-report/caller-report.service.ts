import {
  beijingTime,
  maskIdNumber,
  reportDocKindLabel,
  reportImageLimits,
  reportStateLabel,
  type TApplicantType,
  type TCallerReport,
  type TMaterials,
  type TReportDocKind,
  type TReportState,
  type TRouteInput,
  type TTenantOpenInfo,
  type TUploaded,
  toPage,
} from '@yunhu/contract';
import type { TDatabase, TDb } from '../../db/client.js';
import { lockForTransaction } from '../../db/locks.js';
import { withTenant } from '../../db/tenant.js';
import { isUniqueViolation } from '../../db/unique.js';
import { asPlatform, type TAuth, type TDetachedContext, type TRequestContext } from '../../http/context.js';
import type { AppError } from '../../http/errors.js';
import type { TLinkSigner } from '../../http/signed-link.js';
import type { TColumn } from '../../http/xlsx-stream.js';
import { sealText } from '../../security/seal.js';
import { tenantLines } from '../line/index.js';
import type { TPrivateUpload, TUploadAccept, TUploadFile } from '../system/index.js';
import { decisionNotices, type TLogger, type TSmsSend } from './caller-report.decision.js';
import { callerReportErrors as errors, imageRefusal, scriptRefusal } from './caller-report.errors.js';
import {
  callerReportRepository as repo,
  type TMaterialsRow,
  type TReportRow,
  type TReviewerReach,
} from './caller-report.repository.js';
import type { TStoredDoc } from './caller-report.schema.js';

/**
 * The agent wall (the agent area's asAgent, handed in by app.ts since the agent area depends on
 * this one through org): `fn` runs across tenants with the caller's agent; anyone else is refused.
 */
export type TAgentWall = <T>(
  ctx: TRequestContext,
  fn: (db: TDb, agent: { id: number; name: string }) => Promise<T>,
) => Promise<T>;

/** Who reviews: the platform operator, or an agent for the enterprises registered through it. */
export type TReviewerKind = 'platform' | 'agent';
type TReviewer = TReviewerReach & { name: string };
/** Who asks, for a route that opens its own transaction. */
type TDetachedRequest = Pick<TDetachedContext<unknown>, 'auth' | 'scope'>;

/** Which stored kinds each document may be: photos are images, letters images or PDF, the script a document. */
const typesOfKind: Record<TReportDocKind, readonly string[]> = {
  license: ['png', 'jpg'],
  idFront: ['png', 'jpg'],
  idBack: ['png', 'jpg'],
  idHandheld: ['png', 'jpg'],
  commitment: ['png', 'jpg', 'pdf'],
  authorization: ['png', 'jpg', 'pdf'],
  script: ['doc', 'docx', 'pdf'],
};

const toMaterials = (r: TMaterialsRow): TMaterials => ({
  id: r.materials.id,
  tenantId: r.materials.tenantId,
  enterpriseName: r.enterpriseName,
  version: r.materials.version,
  companyName: r.materials.companyName,
  creditCode: r.materials.creditCode,
  applicantType: r.materials.applicantType as TApplicantType,
  applicantName: r.materials.applicantName,
  idNumberMasked: r.materials.idNumberMasked,
  mobile: r.materials.mobile,
  contactName: r.materials.contactName,
  contactMobile: r.materials.contactMobile,
  usageScenario: r.materials.usageScenario,
  script: r.materials.script,
  documents: r.materials.documents.map((d) => ({ ...d, kind: d.kind as TReportDocKind })),
  submitter: r.materials.submitter,
  createdAt: r.materials.createdAt.getTime(),
});

const toReport = (r: TReportRow): TCallerReport => ({
  id: r.report.id,
  tenantId: r.report.tenantId,
  enterpriseName: r.enterpriseName,
  lineId: r.report.lineId,
  lineName: r.lineName,
  number: r.report.number,
  scenario: r.report.scenario,
  script: r.report.script,
  materialsVersion: r.report.materialsVersion,
  state: r.report.state as TReportState,
  reason: r.report.reason,
  creator: r.report.creator,
  reviewer: r.report.reviewer,
  createdAt: r.report.createdAt.getTime(),
  submittedAt: r.report.submittedAt?.getTime() ?? null,
  reviewedAt: r.report.reviewedAt?.getTime() ?? null,
});

const stateLabel = (state: string) => reportStateLabel[state as TReportState] ?? state;

/**
 * Locks one of the enterprise's reports for a change, refused unless it is in one of `states`
 * (a save or a submission racing another, a withdrawal racing the review).
 */
const lockOwnIn = async (
  { auth, tx, scope }: TRequestContext,
  id: number,
  states: readonly TReportState[],
  refusal: (stateLabel: string) => AppError,
) => {
  const own = await repo.lockOwn(tx, auth.tenantId, scope, id);
  if (!own) throw errors.reportMissing();
  if (!states.includes(own.state as TReportState)) throw refusal(stateLabel(own.state));
};

/** Where a document is served by its signed address: outside the route table, no session (the signature is the pass). */
export const documentPathPrefix = '/base/data/apply/doc';
/** Long enough to open what a reviewer clicked, short enough that a copied address soon stops working. */
export const documentLinkTtlMs = 5 * 60_000;
export const documentPath = (tenantId: number, name: string) => `${documentPathPrefix}/${tenantId}/${name}`;

const timeText = (d: Date | null) => (d ? beijingTime(d.getTime()) : '');

/** The columns of 报备记录's spreadsheet. */
export const reportColumns: TColumn<TReportRow>[] = [
  { header: '外显号码', width: 16, value: (r) => r.report.number },
  { header: '线路', width: 20, value: (r) => r.lineName },
  { header: '使用场景', width: 30, value: (r) => r.report.scenario },
  { header: '通话话术', width: 50, value: (r) => r.report.script },
  { header: '状态', width: 10, value: (r) => stateLabel(r.report.state) },
  { header: '驳回原因', width: 30, value: (r) => r.report.reason },
  { header: '创建人', value: (r) => r.report.creator },
  { header: '创建时间', width: 22, value: (r) => timeText(r.report.createdAt) },
  { header: '提交时间', width: 22, value: (r) => timeText(r.report.submittedAt) },
  { header: '审核人', value: (r) => r.report.reviewer },
  { header: '审核时间', width: 22, value: (r) => timeText(r.report.reviewedAt) },
];

export type TCallerReportService = ReturnType<typeof createCallerReportService>;

/**
 * 号码报备 and 数据审核: an enterprise's materials (versioned, the ID number sealed) and its
 * per-number reports; the platform operator approves or rejects them, and the enterprise is told.
 */
export const createCallerReportService = (deps: {
  /** For the spreadsheet only: its rows are read after the request's transaction, in their own. */
  database: TDatabase;
  /** The server's DATA_ENCRYPTION_KEY (32 bytes); null: materials cannot be taken. */
  dataKey: Buffer | null;
  /** The system area's upload (its own transaction: the upload routes are detached). */
  upload: (auth: TAuth, file: TUploadFile | undefined, accept?: TUploadAccept) => Promise<TUploaded>;
  privateUpload: (db: TDb, name: string, withBody?: boolean) => Promise<TPrivateUpload | null>;
  /** Who hears each decision besides the report's author: the org area's active administrators. */
  administrators: (db: TDb, tenantId: number) => Promise<{ userId: number; mobile: string | null }[]>;
  notifyUsers: (
    db: TDb,
    rows: { tenantId: number; userId: number; title: string; content: string; link?: string }[],
  ) => unknown;
  /** Signs the documents' short-lived addresses (the settings' DOCUMENT_LINK_SECRET). */
  links: TLinkSigner;
  /** The SMS adapter: each decision's text to the enterprise's administrators. */
  sms: TSmsSend;
  logger: TLogger;
  asAgent: TAgentWall;
}) => {
  const { tellDecision, sendDecisionSms } = decisionNotices(deps);
  const refusePlatform = (auth: TAuth) => {
    if (auth.isSuper) throw errors.platformNeedsNone();
  };

  /** The line and number must be one the enterprise may call with: a line it holds seats on, its numbers. */
  const checkOffered = async (tx: TDb, auth: TAuth, lineId: number, number: string) => {
    const line = (await tenantLines(tx, auth.tenantId)).find((l) => l.id === lineId);
    if (!line?.callerNumbers.includes(number)) throw errors.numberNotOffered();
  };

  const detail = async (db: TDb, row: TReportRow) => {
    const version = row.report.materialsVersion;
    const materials = version === null ? null : await repo.materialsOf(db, row.report.tenantId, version);
    return { report: toReport(row), materials: materials ? toMaterials(materials) : null };
  };

  /**
   * Runs `fn` as the reviewer `kind`: the platform over every enterprise, an agent the platform
   * allows over its own enterprises; its decisions name who decided and for which agent.
   */
  const asReviewer = <T>(
    ctx: TRequestContext,
    kind: TReviewerKind,
    fn: (db: TDb, reviewer: TReviewer) => Promise<T>,
  ) => {
    const who = ctx.auth.realName || ctx.auth.username;
    if (kind === 'platform') return asPlatform(ctx, (db) => fn(db, { agentId: null, name: who }));
    return deps.asAgent(ctx, async (db, agent) => {
      if (!(await repo.agentReviews(db, agent.id))) throw errors.agentReviewOff();
      return fn(db, { agentId: agent.id, name: `${who}（${agent.name}）` });
    });
  };

  const reportOf = async (ctx: TRequestContext, id: number) => {
    const row = await repo.find(ctx.tx, ctx.auth.tenantId, ctx.scope, id);
    if (!row) throw errors.reportMissing();
    return row;
  };

  return {
    /** 号码报备's state of the enterprise: the platform's requirement, its latest materials, its reports by state. */
    tenantOpenInfo: async ({ auth, tx, scope }: TRequestContext): Promise<TTenantOpenInfo> => {
      // One transaction's connection: its statements run one after another.
      const isAuditOn = await repo.isAuditOn(tx);
      const versions = await repo.versions(tx, auth.tenantId);
      const counts = await repo.stateCounts(tx, auth.tenantId, scope);
      const reports = { draft: 0, pending: 0, approved: 0, rejected: 0 };
      for (const { state, n } of counts) if (state in reports) reports[state as keyof typeof reports] = n;
      const latest = versions[0];
      return {
        isAuditOn,
        materials: latest ? { ...latest, createdAt: latest.createdAt.getTime() } : null,
        reports,
        canCall: !isAuditOn || (await repo.approvedCount(tx, auth.tenantId, 1)) > 0,
      };
    },

    materialsInfo: async ({ auth, tx }: TRequestContext, input: TRouteInput<'callerReport', 'materialsInfo'>) => {
      const row = await repo.materialsOf(tx, auth.tenantId, input.version);
      if (!row && input.version !== undefined) throw errors.versionMissing();
      const versions = await repo.versions(tx, auth.tenantId);
      return {
        materials: row ? toMaterials(row) : null,
        versions: versions.map((v) => ({ ...v, createdAt: v.createdAt.getTime() })),
      };
    },

    /** A new version of the materials; each document must be this enterprise's private upload of a fitting kind. */
    materialsSubmit: async ({ auth, tx }: TRequestContext, input: TRouteInput<'callerReport', 'materialsSubmit'>) => {
      refusePlatform(auth);
      if (!deps.dataKey) throw errors.keyMissing();
      const documents: TStoredDoc[] = [];
      for (const doc of input.documents) {
        const stored = await deps.privateUpload(tx, doc.file);
        if (!stored || stored.tenantId !== auth.tenantId) throw errors.documentNotUploaded();
        if (!typesOfKind[doc.kind].includes(stored.type)) throw errors.documentKindWrong(reportDocKindLabel[doc.kind]);
        documents.push({
          kind: doc.kind,
          file: doc.file,
          name: stored.originalName,
          type: stored.type,
          size: stored.size,
        });
      }
      // Versions of one enterprise are numbered one at a time.
      await lockForTransaction(tx, 'caller_report_materials', auth.tenantId);
      const version = (await repo.latestVersion(tx, auth.tenantId)) + 1;
      const { idNumber, documents: _refs, ...fields } = input;
      await repo.insertMaterials(tx, {
        ...fields,
        tenantId: auth.tenantId,
        version,
        idNumberCipher: sealText(deps.dataKey, idNumber),
        idNumberMasked: maskIdNumber(idNumber),
        documents,
        submittedBy: auth.userId,
        submitter: auth.realName || auth.username,
      });
      return toMaterials((await repo.materialsOf(tx, auth.tenantId, version))!);
    },

    /** A photo of the materials: JPG or PNG of 50 KB to 5 MB, kept private; a refused file leaves nothing. */
    imageUpload: async (auth: TAuth, file: TUploadFile | undefined) => {
      refusePlatform(auth);
      if (file && !file.isTruncated && file.buffer.length > 0 && file.buffer.length < reportImageLimits.minBytes) {
        throw errors.imageTooSmall(reportImageLimits.minBytes / 1024);
      }
      return deps.upload(auth, file, { types: ['png', 'jpg'], refusal: imageRefusal, isPrivate: true });
    },

    /** The calling script's file (or a letter): Word or PDF, kept private. */
    scriptUpload: async (auth: TAuth, file: TUploadFile | undefined) => {
      refusePlatform(auth);
      return deps.upload(auth, file, { types: ['doc', 'docx', 'pdf'], refusal: scriptRefusal, isPrivate: true });
    },

    /**
     * A five-minute signed address of a document, to its own enterprise or to the platform's
     * reviewers; anyone else finds nothing.
     */
    documentLink: async (ctx: TRequestContext, name: string) => {
      const stored = ctx.auth.isSuper
        ? await asPlatform(ctx, (db) => deps.privateUpload(db, name))
        : await deps.privateUpload(ctx.tx, name);
      if (!stored || (!ctx.auth.isSuper && stored.tenantId !== ctx.auth.tenantId)) throw errors.documentMissing();
      return deps.links.sign(documentPath(stored.tenantId, name), documentLinkTtlMs);
    },

    /**
     * The file behind a signed address (the route checked the signature, which names the enterprise):
     * read in that enterprise's own transaction, so a name of another's finds nothing.
     */
    signedDocument: async (tenantId: number, name: string) => {
      const stored = await withTenant(deps.database, tenantId, (tx) => deps.privateUpload(tx, name, true));
      if (!stored?.body || stored.tenantId !== tenantId) throw errors.documentMissing();
      return { body: stored.body, fileName: stored.originalName || name, mime: stored.mime };
    },

    reportPage: async ({ auth, tx, scope }: TRequestContext, input: TRouteInput<'callerReport', 'reportPage'>) => {
      const { page, limit, ...filter } = input;
      const { records, total } = await repo.page(tx, auth.tenantId, scope, filter, { page, limit });
      return toPage(records.map(toReport), total, input);
    },

    reportExport: ({ auth, scope }: TRequestContext, filter: TRouteInput<'callerReport', 'reportExport'>) => ({
      fileName: `报备记录_${beijingTime(Date.now()).slice(0, 10)}.xlsx`,
      rows: repo.exportRows(deps.database, auth.tenantId, scope, filter),
    }),

    reportInfo: async (ctx: TRequestContext, input: TRouteInput<'callerReport', 'reportInfo'>) =>
      detail(ctx.tx, await reportOf(ctx, input.id)),

    reportNumbers: async ({ auth, tx }: TRequestContext) =>
      (await tenantLines(tx, auth.tenantId)).map((l) => ({ lineId: l.id, lineName: l.name, numbers: l.callerNumbers })),

    /** A new draft, or a correction of a draft or a rejected report (submitted again afterwards). */
    reportSave: async (ctx: TRequestContext, input: TRouteInput<'callerReport', 'reportSave'>) => {
      const { auth, tx, scope } = ctx;
      refusePlatform(auth);
      await checkOffered(tx, auth, input.lineId, input.number);
      const fields = { lineId: input.lineId, number: input.number, scenario: input.scenario, script: input.script };
      let id = input.id;
      try {
        if (id === undefined) {
          if (await repo.findByNumber(tx, auth.tenantId, input.lineId, input.number)) throw errors.numberReported();
          id = (
            await repo.insert(tx, {
              ...fields,
              tenantId: auth.tenantId,
              createdBy: auth.userId,
              creator: auth.realName || auth.username,
            })
          ).id;
        } else {
          await lockOwnIn(ctx, id, ['draft', 'rejected'], errors.notEditable);
          await repo.update(tx, auth.tenantId, id, fields);
        }
      } catch (error) {
        // The same number saved twice at once: the one-report-per-number index refused the second.
        if (isUniqueViolation(error)) throw errors.numberReported();
        throw error;
      }
      return toReport((await repo.find(tx, auth.tenantId, scope, id))!);
    },

    /** To the platform's review with the latest materials; a draft or a rejected (corrected) report. */
    reportSubmit: async (ctx: TRequestContext, input: TRouteInput<'callerReport', 'reportSubmit'>) => {
      const { auth, tx, scope } = ctx;
      refusePlatform(auth);
      await lockOwnIn(ctx, input.id, ['draft', 'rejected'], errors.notSubmittable);
      const version = await repo.latestVersion(tx, auth.tenantId);
      if (version === 0) throw errors.materialsMissing();
      const row = (await repo.find(tx, auth.tenantId, scope, input.id))!;
      await checkOffered(tx, auth, row.report.lineId, row.report.number);
      await repo.update(tx, auth.tenantId, input.id, {
        state: 'pending',
        materialsVersion: version,
        reason: '',
        reviewer: '',
        submittedAt: new Date(),
        reviewedAt: null,
      });
      return toReport((await repo.find(tx, auth.tenantId, scope, input.id))!);
    },

    /** Back to 草稿 from 待审核 or 审核通过: the review, if any, is forgotten; a review racing it finds it gone. */
    reportWithdraw: async (ctx: TRequestContext, input: TRouteInput<'callerReport', 'reportWithdraw'>) => {
      const { auth, tx, scope } = ctx;
      refusePlatform(auth);
      await lockOwnIn(ctx, input.id, ['pending', 'approved'], errors.notWithdrawable);
      await repo.update(tx, auth.tenantId, input.id, {
        state: 'draft',
        reason: '',
        reviewer: '',
        submittedAt: null,
        reviewedAt: null,
      });
      return toReport((await repo.find(tx, auth.tenantId, scope, input.id))!);
    },

    reviewPage: (ctx: TRequestContext, input: TRouteInput<'callerReport', 'reviewPage'>, kind: TReviewerKind) =>
      asReviewer(ctx, kind, async (db, reviewer) => {
        const { page, limit, ...filter } = input;
        const { records, total } = await repo.reviewPage(db, reviewer, filter, { page, limit });
        return toPage(records.map(toReport), total, input);
      }),

    reviewInfo: (ctx: TRequestContext, input: TRouteInput<'callerReport', 'reviewInfo'>, kind: TReviewerKind) =>
      asReviewer(ctx, kind, async (db, reviewer) => {
        const row = await repo.findSubmitted(db, reviewer, input.id);
        if (!row) throw errors.reportMissing();
        return detail(db, row);
      }),

    /** An agent reviewer's signed address of a document of one of its enterprises' materials. */
    reviewDocumentLink: (ctx: TRequestContext, name: string) =>
      asReviewer(ctx, 'agent', async (db, reviewer) => {
        const stored = await deps.privateUpload(db, name);
        if (!stored || !(await repo.isAgentEnterprise(db, reviewer.agentId!, stored.tenantId))) {
          throw errors.documentMissing();
        }
        return deps.links.sign(documentPath(stored.tenantId, name), documentLinkTtlMs);
      }),

    /**
     * One decision per report: of two reviewers at once (the platform's and an agent's alike), the
     * second is told it is decided. The enterprise hears it in its own transaction's bell and, once
     * that is committed, by SMS.
     */
    reviewExamine: async (
      { auth, scope }: TDetachedRequest,
      input: TRouteInput<'callerReport', 'reviewExamine'>,
      kind: TReviewerKind,
    ) => {
      if (!input.pass && !input.reason) throw errors.reasonMissing();
      const told = await withTenant(deps.database, auth.tenantId, (tx) =>
        asReviewer({ auth, tx, scope }, kind, async (db, reviewer) => {
          if (!(await repo.findSubmitted(db, reviewer, input.id))) throw errors.reportMissing();
          const decided = await repo.decide(db, reviewer, input.id, {
            state: input.pass ? 'approved' : 'rejected',
            reason: input.pass ? '' : input.reason,
            reviewer: reviewer.name,
            reviewedAt: new Date(),
          });
          if (!decided) throw errors.alreadyReviewed();
          return tellDecision(db, decided, input.pass ? null : input.reason);
        }),
      );
      await sendDecisionSms(told);
      return null;
    },
  };
};
