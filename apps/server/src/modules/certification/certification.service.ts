import { authStateLabel, type TCertType, type TRouteInput, type TUploaded, toPage } from '@yunhu/contract';
import type { TDb } from '../../db/client.js';
import { isUniqueViolation } from '../../db/unique.js';
import { asPlatform, type TAuth, type TRequestContext } from '../../http/context.js';
import type { TUploadAccept, TUploadFile } from '../system/index.js';
import { certificationErrors as errors, licenseRefusal } from './certification.errors.js';
import { certificationRepository as repo, type TCertRow } from './certification.repository.js';

const stateOf: Record<TCertType, number> = { personal: 1, enterprise: 2 };

const maskIdCard = (no: string) =>
  no.length > 7 ? `${no.slice(0, 3)}${'*'.repeat(no.length - 7)}${no.slice(-4)}` : no;

const toCert = (r: TCertRow, isPlatform: boolean) => ({
  id: r.cert.id,
  tenantId: r.cert.tenantId,
  enterpriseName: r.enterpriseName,
  tenantCode: r.tenantCode,
  type: r.cert.type as TCertType,
  companyName: r.cert.companyName,
  creditCode: r.cert.creditCode,
  legalPerson: r.cert.legalPerson,
  licenseUrl: r.cert.licenseUrl,
  personName: r.cert.personName,
  idCardNo: isPlatform ? r.cert.idCardNo : maskIdCard(r.cert.idCardNo),
  status: r.cert.status as 'pending' | 'approved' | 'rejected',
  reason: r.cert.reason,
  submitter: r.cert.submitter,
  examiner: r.cert.examiner,
  createdAt: r.cert.createdAt.getTime(),
  examinedAt: r.cert.examinedAt?.getTime() ?? null,
});

export type TCertificationService = ReturnType<typeof createCertificationService>;

/** Enterprise authentication: submitted by an enterprise, examined by the platform operator. */
export const createCertificationService = (deps: {
  /** The system area's upload (its own transaction: the licence route is detached). */
  upload: (auth: TAuth, file: TUploadFile | undefined, accept?: TUploadAccept) => Promise<TUploaded>;
  isOwnUpload: (tx: TDb, auth: TAuth, url: string) => Promise<boolean>;
}) => {
  const examine = (ctx: TRequestContext, ids: number[], pass: boolean, reason: string) =>
    asPlatform(ctx, async (db) => {
      if (!pass && !reason) throw errors.reasonMissing();
      const decided = await repo.decide(db, ids, {
        status: pass ? 'approved' : 'rejected',
        reason,
        examiner: ctx.auth.realName || ctx.auth.username,
      });
      if (decided.length !== ids.length) throw errors.notAllPending();
      if (pass) {
        for (const d of decided) await repo.raiseAuthState(db, d.tenantId, stateOf[d.type as TCertType]);
      }
      return null;
    });

  return {
    info: async ({ auth, tx }: TRequestContext) => {
      const tenant = await repo.tenant(tx, auth.tenantId);
      const latest = await repo.latestOf(tx, auth.tenantId);
      return {
        enterpriseName: tenant?.name ?? '',
        authState: tenant?.authState ?? 0,
        authStateLabel: authStateLabel(tenant?.authState ?? 0),
        latest: latest ? toCert(latest, false) : null,
      };
    },

    submit: async ({ auth, tx }: TRequestContext, input: TRouteInput<'certification', 'certSubmit'>) => {
      if (auth.isSuper) throw errors.platformNeedsNone();
      const isEnterprise = input.type === 'enterprise';
      if (isEnterprise && !(await deps.isOwnUpload(tx, auth, input.licenseUrl))) throw errors.licenseNotUploaded();
      const tenant = await repo.tenant(tx, auth.tenantId);
      const state = tenant?.authState ?? 0;
      if (state >= stateOf[input.type]) throw errors.alreadyCertified(authStateLabel(state));
      if (await repo.hasPending(tx, auth.tenantId)) throw errors.pendingExists();
      try {
        await repo.insert(tx, {
          tenantId: auth.tenantId,
          type: input.type,
          companyName: isEnterprise ? input.companyName : '',
          creditCode: isEnterprise ? input.creditCode : '',
          legalPerson: isEnterprise ? input.legalPerson : '',
          licenseUrl: isEnterprise ? input.licenseUrl : '',
          personName: isEnterprise ? '' : input.personName,
          idCardNo: isEnterprise ? '' : input.idCardNo,
          submittedBy: auth.userId,
          submitter: auth.realName || auth.username,
        });
      } catch (error) {
        // A second submission racing this one: the pending-per-enterprise index refused it.
        if (isUniqueViolation(error)) throw errors.pendingExists();
        throw error;
      }
      return toCert((await repo.latestOf(tx, auth.tenantId))!, false);
    },

    /**
     * The licence goes through the ordinary upload, but only as an image the reviewer can view; the
     * upload refuses anything else before storing it (a refused file leaves no file and no row).
     */
    licenseUpload: async (auth: TAuth, file: TUploadFile | undefined) => {
      if (auth.isSuper) throw errors.platformNeedsNone();
      return deps.upload(auth, file, { types: ['png', 'jpg', 'gif', 'webp'], refusal: licenseRefusal });
    },

    page: (ctx: TRequestContext, input: TRouteInput<'certification', 'certPage'>) =>
      asPlatform(ctx, async (db) => {
        const { page, limit, ...filter } = input;
        const { records, total } = await repo.page(db, filter, page, limit);
        return toPage(
          records.map((r) => toCert(r, true)),
          total,
          input,
        );
      }),

    examine: (ctx: TRequestContext, input: TRouteInput<'certification', 'certExamine'>) =>
      examine(ctx, [input.id], input.pass, input.reason),
    batchExamine: (ctx: TRequestContext, input: TRouteInput<'certification', 'certBatchExamine'>) =>
      examine(ctx, input.ids, input.pass, input.reason),
  };
};
