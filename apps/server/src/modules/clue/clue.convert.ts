import { routeTables, type TClueTarget, type TConvertResult, type TCustomer } from '@yunhu/contract';
import type { TDb } from '../../db/client.js';
import type { TRequestContext } from '../../http/context.js';
import { AppError } from '../../http/errors.js';
import { companyBlacklistLookup } from '../blacklist/index.js';
import { clueErrors as errors } from './clue.errors.js';
import { clueRepository as repo } from './clue.repository.js';

type TCreateInput = ReturnType<typeof routeTables.crm.poolCreate.request.parse>;

/**
 * What converting needs of the CRM, lent by app.ts: its own 新建客户 (the duplicate check across both
 * pools and the recycle bin, the owner's limit, tags and required custom fields) and the black-list's
 * look-up the CRM import uses.
 */
export type TConvertDeps = {
  createCustomer: (ctx: TRequestContext, input: TCreateInput & { ownerId?: number | null }) => Promise<TCustomer>;
  blockedMobiles: (tx: TDb, tenantId: number, mobiles: string[]) => Promise<Map<string, string>>;
  /** The mobiles 空号检测's 一键排除 left out, with the reason (absent: none is). */
  excludedMobiles?: (tx: TDb, tenantId: number, mobiles: string[]) => Promise<Map<string, string>>;
};

/**
 * 转为客户: each unlocked company becomes a customer through the CRM's own create path, in a savepoint
 * of its own so a refusal (in the CRM's words) leaves the others standing. A company on the
 * enterprise's company black-list is refused before anything is written. The customer is the
 * company by name, reached at its first contact's mobile that 空号检测 did not leave out.
 */
export const convertCompanies = async (
  deps: TConvertDeps,
  ctx: TRequestContext,
  ids: number[],
  target: TClueTarget,
): Promise<TConvertResult[]> => {
  const { auth, tx } = ctx;
  const companies = new Map((await repo.companiesByIds(tx, ids)).map((c) => [c.id, c]));
  const listed = await companyBlacklistLookup(tx, auth.tenantId, [...companies.values()]);
  const unlocks = new Map((await repo.unlocksOf(tx, auth.tenantId, ids)).map((u) => [u.companyId, u]));
  const allMobiles = [...unlocks.values()].flatMap((u) => u.contacts.map((c) => c.mobile).filter(Boolean));
  const excluded = deps.excludedMobiles ? await deps.excludedMobiles(tx, auth.tenantId, allMobiles) : new Map();
  const contactOf = (id: number) => unlocks.get(id)?.contacts.find((c) => c.mobile && !excluded.has(c.mobile));
  const mobileOf = (id: number) => contactOf(id)?.mobile ?? '';
  const blocked = await deps.blockedMobiles(tx, auth.tenantId, ids.map(mobileOf).filter(Boolean));
  const results: TConvertResult[] = [];
  for (const id of ids) {
    const company = companies.get(id);
    const unlock = unlocks.get(id);
    const refuse = (reason: string) =>
      results.push({ companyId: id, name: company?.name ?? '', isOk: false, customerId: null, reason });
    if (!company) {
      refuse(errors.companyMissing().message);
      continue;
    }
    if (listed(company)) {
      refuse(errors.companyBlacklisted(company.name).message);
      continue;
    }
    if (!unlock) {
      refuse(errors.notUnlocked().message);
      continue;
    }
    if (unlock.customerId !== null) {
      refuse(errors.alreadyConverted().message);
      continue;
    }
    const contact = contactOf(id);
    if (!contact) {
      const left = unlock.contacts.find((c) => c.mobile);
      refuse(left ? (excluded.get(left.mobile) ?? errors.noMobile().message) : errors.noMobile().message);
      continue;
    }
    const block = blocked.get(contact.mobile);
    if (block) {
      refuse(block);
      continue;
    }
    const parsed = routeTables.crm.poolCreate.request.safeParse({
      name: company.name,
      mobile: contact.mobile,
      company: company.name,
      address: company.address,
      source: '企业线索',
      remark: `联系人：${contact.name}（${contact.role}）`,
    });
    if (!parsed.success) {
      refuse(parsed.error.issues[0]?.message ?? errors.customerRefused().message);
      continue;
    }
    try {
      const customer = await tx.transaction((sp) =>
        deps.createCustomer(
          { ...ctx, tx: sp as unknown as TDb },
          { ...parsed.data, ownerId: target === 'pool' ? null : undefined },
        ),
      );
      await repo.markConverted(tx, auth.tenantId, id, customer.id);
      results.push({ companyId: id, name: company.name, isOk: true, customerId: customer.id, reason: '' });
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      refuse(error.message);
    }
  }
  return results;
};
