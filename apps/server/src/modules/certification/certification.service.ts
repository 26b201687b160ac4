import type { MultipartFile } from '@fastify/multipart';
import { authStateLabel, type TCertSubmit, type TCertType } from '@yunhu/contract';
import type { TDatabase, TDb } from '../../db/client.js';
import { withTenant } from '../../db/tenant.js';
import type { TAuth } from '../../http/context.js';
import { conflict, forbidden, invalid } from '../../http/errors.js';
import { certificationRepository as repo, type TCertFilter, type TCertRow } from './certification.repository.js';

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

const isUniqueViolation = (e: unknown) => {
  const err = e as { code?: string; cause?: { code?: string } } | null;
  return err?.code === '23505' || err?.cause?.code === '23505';
};

type TUploaded = { url: string; name: string; size: number; type: string };

export type TCertificationService = ReturnType<typeof createCertificationService>;

/** Enterprise authentication: submitted by an enterprise, examined by the platform operator. */
export const createCertificationService = (deps: {
  database: TDatabase;
  upload: (
    auth: TAuth,
    file: MultipartFile | undefined,
    accept?: { types: readonly ('png' | 'jpg' | 'gif' | 'webp' | 'pdf')[]; refusal: string },
  ) => Promise<TUploaded>;
  isOwnUpload: (auth: TAuth, url: string) => Promise<boolean>;
}) => {
  const { database } = deps;
  const scoped = <T>(auth: TAuth, fn: Parameters<typeof withTenant<T>>[2]) => withTenant(database, auth.tenantId, fn);
  // A role string is not enough: only the super tenant reviews other enterprises.
  const assertPlatform = (auth: TAuth) => {
    if (!auth.isSuper) throw forbidden();
  };

  const examine = async (auth: TAuth, ids: number[], pass: boolean, reason: string) => {
    assertPlatform(auth);
    if (!pass && !reason) throw invalid('驳回时请填写驳回原因');
    // Across tenants: the platform's own connection, one transaction for the whole batch.
    await database.db.transaction(async (tx) => {
      const decided = await repo.decide(tx as unknown as TDb, ids, {
        status: pass ? 'approved' : 'rejected',
        reason,
        examiner: auth.realName || auth.username,
      });
      if (decided.length !== ids.length) throw conflict('所选认证中有已审核或不存在的，请刷新后重试');
      if (pass) {
        for (const d of decided)
          await repo.raiseAuthState(tx as unknown as TDb, d.tenantId, stateOf[d.type as TCertType]);
      }
    });
    return null;
  };

  return {
    info: async (auth: TAuth) =>
      scoped(auth, async (tx) => {
        const tenant = await repo.tenant(tx, auth.tenantId);
        const latest = await repo.latestOf(tx, auth.tenantId);
        return {
          enterpriseName: tenant?.name ?? '',
          authState: tenant?.authState ?? 0,
          authStateLabel: authStateLabel(tenant?.authState ?? 0),
          latest: latest ? toCert(latest, false) : null,
        };
      }),

    submit: async (auth: TAuth, input: Required<TCertSubmit>) => {
      if (auth.isSuper) throw conflict('平台运营方无需提交企业认证');
      const isEnterprise = input.type === 'enterprise';
      if (isEnterprise && !(await deps.isOwnUpload(auth, input.licenseUrl))) {
        throw invalid('营业执照请通过上传获得（支持 PNG、JPG、GIF、WEBP 图片）');
      }
      try {
        return await scoped(auth, async (tx) => {
          const tenant = await repo.tenant(tx, auth.tenantId);
          const state = tenant?.authState ?? 0;
          if (state >= stateOf[input.type]) throw conflict(`企业已完成${authStateLabel(state)}，无需重复提交`);
          if (await repo.hasPending(tx, auth.tenantId)) throw conflict('已有待审核的认证，请等待平台审核结果');
          await repo.insert(tx, {
            tenantId: auth.tenantId,
            type: input.type,
            // Only the fields of the chosen type are kept.
            companyName: isEnterprise ? input.companyName : '',
            creditCode: isEnterprise ? input.creditCode : '',
            legalPerson: isEnterprise ? input.legalPerson : '',
            licenseUrl: isEnterprise ? input.licenseUrl : '',
            personName: isEnterprise ? '' : input.personName,
            idCardNo: isEnterprise ? '' : input.idCardNo,
            submittedBy: auth.userId,
            submitter: auth.realName || auth.username,
          });
          return toCert((await repo.latestOf(tx, auth.tenantId))!, false);
        });
      } catch (error) {
        if (isUniqueViolation(error)) throw conflict('已有待审核的认证，请等待平台审核结果');
        throw error;
      }
    },

    /**
     * The licence goes through the ordinary upload, but only as an image the reviewer can view; the
     * upload refuses anything else before storing it (a refused file leaves no file and no row).
     */
    licenseUpload: async (auth: TAuth, file: MultipartFile | undefined) => {
      if (auth.isSuper) throw conflict('平台运营方无需提交企业认证');
      return deps.upload(auth, file, {
        types: ['png', 'jpg', 'gif', 'webp'],
        refusal: '营业执照请上传图片（PNG、JPG、GIF、WEBP）',
      });
    },

    page: async (auth: TAuth, input: TCertFilter & { page: number; limit: number }) => {
      assertPlatform(auth);
      const { page, limit, ...filter } = input;
      const { records, total } = await repo.page(database.db, filter, page, limit);
      return {
        records: records.map((r) => toCert(r, true)),
        total,
        size: limit,
        current: page,
        pages: Math.ceil(total / limit),
      };
    },

    examine: (auth: TAuth, input: { id: number; pass: boolean; reason: string }) =>
      examine(auth, [input.id], input.pass, input.reason),
    batchExamine: (auth: TAuth, input: { ids: number[]; pass: boolean; reason: string }) =>
      examine(auth, input.ids, input.pass, input.reason),
  };
};
