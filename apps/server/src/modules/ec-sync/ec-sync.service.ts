import {
  ecDefaultFieldMap,
  ecOurFields,
  ecSyncMaxAttempts,
  type TEcConfig,
  type TEcSyncItem,
  type TEcTestResult,
  type TPage,
  type TRouteInput,
  toPage,
} from '@yunhu/contract';
import type { TDatabase } from '../../db/client.js';
import { withTenant } from '../../db/tenant.js';
import type { TAuth, TRequestContext } from '../../http/context.js';
import type { TJobDef, TJobRun } from '../../jobs/index.js';
import { openText, sealText } from '../../security/seal.js';
import { retryDelayMs } from '../integration/index.js';
import { createEcClient, EcError, type TEcAccount } from './ec.client.js';
import { ecSyncErrors as errors } from './ec-sync.errors.js';
import { pullChanges, type TUpdateCustomer } from './ec-sync.pull.js';
import { pushItem, type TPushResult } from './ec-sync.push.js';
import { ecSyncRepository as repo, type TEcConfigRow, type TEcItemRow } from './ec-sync.repository.js';

export const ecSyncJobName = 'ec-sync.push';

/** Items one run takes at a time; a run goes on until none is due. */
const batchSize = 20;

export type TEcSyncConfig = {
  /** EC's base address (…/v2), or the simulator's once it listens. */
  apiBaseUrl: () => Promise<string>;
  /** The simulator's account when it answers instead of EC (shown on the settings screen). */
  simulatorAccount: TEcAccount | null;
  timeoutMs: number;
  /** The first retry's delay; each next one doubles it. */
  retrySeconds: number;
  /** How often the job looks for due items (0: only when woken: tests). */
  pollSeconds: number;
};

export type TEcSyncDeps = {
  database: TDatabase;
  config: TEcSyncConfig;
  dataKey: Buffer | null;
  recordingLink: (tenantId: number, recordId: number) => string;
  updateCustomer: TUpdateCustomer;
  wake: () => Promise<unknown>;
  now?: () => Date;
};

type TIn<K extends 'configSave' | 'configTest' | 'itemPage'> = TRouteInput<'ecSync', K>;

const time = (d: Date | null) => (d ? d.getTime() : null);

export const itemOut = (i: TEcItemRow): TEcSyncItem => ({
  id: i.id,
  kind: i.kind as TEcSyncItem['kind'],
  state: i.state === 'pending' ? (i.attempts > 0 ? 'retrying' : 'pending') : (i.state as TEcSyncItem['state']),
  subject: i.subject,
  refId: i.refId,
  ecId: i.ecId,
  attempts: i.attempts,
  lastError: i.lastError,
  lastAttemptAt: time(i.lastAttemptAt),
  nextAttemptAt: i.state === 'pending' ? time(i.nextAttemptAt) : null,
  createdAt: i.createdAt.getTime(),
});

/** Where EC's message is all a person needs; anything else is ours, said plainly. */
const messageOf = (error: unknown) => (error instanceof EcError ? error.message : '同步出错，请稍后重试');

/**
 * 腾讯EC 同步: an enterprise's EC account (secret sealed) and its mapping, 测试连接, the job that
 * carries the outbox's items to EC (retried with back-off, each result in the sync log), 重新同步,
 * and 拉取 of the customers changed in EC.
 */
export const createEcSyncService = (deps: TEcSyncDeps) => {
  const { database, config } = deps;
  const now = deps.now ?? (() => new Date());

  const clientOf = async (account: TEcAccount) =>
    createEcClient({ baseUrl: await config.apiBaseUrl(), account, timeoutMs: config.timeoutMs });

  const accountOf = (row: TEcConfigRow): TEcAccount => {
    if (!deps.dataKey) throw errors.keyMissing();
    return { corpId: row.corpId, appId: row.appId, appSecret: openText(deps.dataKey, row.secretSealed) };
  };

  const configOut = async (ctx: TRequestContext, row: TEcConfigRow | null): Promise<TEcConfig> => {
    const map = row?.staffMap ?? {};
    const fieldMap = row?.fieldMap ?? ecDefaultFieldMap;
    return {
      corpId: row?.corpId ?? '',
      appId: row?.appId ?? '',
      hasSecret: row !== null,
      defaultEcUserId: row?.defaultEcUserId ?? '',
      isEnabled: row?.isEnabled ?? false,
      fieldMap: ecOurFields.filter((f) => fieldMap[f]).map((ours) => ({ ours, theirs: fieldMap[ours]! })),
      staff: (await repo.staff(ctx.tx, ctx.auth.tenantId)).map((s) => ({
        ...s,
        ecUserId: map[String(s.userId)] ?? '',
      })),
      simulator: config.simulatorAccount,
      lastPulledAt: time(row?.lastPulledAt ?? null),
    };
  };

  /** One attempt of a claimed item, written with its result and its next due time. */
  const attempt = async (item: TEcItemRow): Promise<TEcItemRow> => {
    const at = now();
    const row = await withTenant(database, item.tenantId, (tx) => repo.config(tx, item.tenantId));
    let result: TPushResult;
    let isFinal = false;
    if (!row?.isEnabled) {
      result = { isOk: false, error: '腾讯EC 同步已停用' };
      isFinal = true;
    } else {
      try {
        result = await pushItem(deps, await clientOf(accountOf(row)), row, item);
      } catch (error) {
        result = { isOk: false, error: messageOf(error) };
      }
    }
    const isLast = isFinal || item.attempts + 1 >= item.maxAttempts;
    const nextAttemptAt =
      result.isOk || isLast ? null : new Date(at.getTime() + retryDelayMs(config.retrySeconds, item.attempts + 1));
    return withTenant(database, item.tenantId, (tx) =>
      repo.recordResult(tx, item, {
        isOk: result.isOk,
        error: result.isOk ? '' : result.error,
        ecId: result.isOk ? result.ecId : '',
        at,
        nextAttemptAt,
      }),
    );
  };

  /** A run of the job: every item due, a batch at a time (in order), until none is left or it is stopped. */
  const pushDue = async (run?: Pick<TJobRun, 'signal'>) => {
    let sent = 0;
    while (!run?.signal.aborted) {
      const at = now();
      const lease = new Date(at.getTime() + config.timeoutMs * 4 + 60_000);
      const due = await repo.claimDue(database.db, at, lease, batchSize);
      if (due.length === 0) break;
      // One after another: a customer is in EC before his follow-ups and calls are sent.
      for (const item of due) await attempt(item);
      sent += due.length;
    }
    return { sent };
  };

  /** 拉取, logged as one item: EC's customers changed since the last pull, applied as CRM edits. */
  const pull = async (ctx: Omit<TRequestContext, 'tx'>, existing?: TEcItemRow): Promise<TEcSyncItem> => {
    const { auth } = ctx;
    // EC's times are whole seconds: the range ends at the next one, so a change made in this second is in it.
    const at = new Date(Math.ceil(now().getTime() / 1000) * 1000);
    const [row, item] = await withTenant(database, auth.tenantId, async (tx) => {
      const cfg = await repo.config(tx, auth.tenantId);
      if (!cfg) throw errors.notConfigured();
      // A pull that died without its result no longer holds the next one back after ten minutes.
      const since = new Date(at.getTime() - 10 * 60_000);
      if (!existing && (await repo.pendingPull(tx, auth.tenantId, since))) throw errors.pullBusy();
      const it =
        existing ??
        (await repo.insertItem(tx, {
          tenantId: auth.tenantId,
          kind: 'pull',
          subject: '拉取腾讯EC 客户变更',
          payload: { by: auth.userId },
          maxAttempts: 1,
          // Run by this request, never by the job.
          nextAttemptAt: null,
        }));
      return [cfg, it] as const;
    });
    let result: { isOk: boolean; text: string };
    try {
      const from = row.lastPulledAt ?? new Date(at.getTime() - 7 * 86_400_000);
      const outcome = await pullChanges(
        { database, updateCustomer: deps.updateCustomer },
        ctx,
        row,
        await clientOf(accountOf(row)),
        { from, to: at },
      );
      result = { isOk: outcome.failures.length === 0, text: outcome.text };
    } catch (error) {
      result = { isOk: false, text: messageOf(error) };
    }
    const saved = await withTenant(database, auth.tenantId, async (tx) => {
      if (result.isOk) await repo.setLastPulled(tx, auth.tenantId, at);
      return repo.recordResult(tx, item, {
        isOk: result.isOk,
        error: result.isOk ? '' : result.text,
        subject: result.isOk ? result.text : undefined,
        ecId: '',
        at,
        nextAttemptAt: null,
      });
    });
    return itemOut(saved);
  };

  return {
    config: async (ctx: TRequestContext) => configOut(ctx, await repo.config(ctx.tx, ctx.auth.tenantId)),

    save: async (ctx: TRequestContext, input: TIn<'configSave'>) => {
      const { tenantId } = ctx.auth;
      const before = await repo.config(ctx.tx, tenantId);
      if (!input.appSecret && !before) throw errors.secretRequired();
      if (input.appSecret && !deps.dataKey) throw errors.keyMissing();
      const mapped = input.staffMap.filter((s) => s.ecUserId !== '');
      const known = new Set(
        await repo.staffIds(
          ctx.tx,
          tenantId,
          mapped.map((s) => s.userId),
        ),
      );
      const unknown = mapped.find((s) => !known.has(s.userId));
      if (unknown) throw errors.staffUnknown(unknown.userId);
      const saved = await repo.saveConfig(ctx.tx, {
        tenantId,
        corpId: input.corpId,
        appId: input.appId,
        secretSealed: input.appSecret ? sealText(deps.dataKey!, input.appSecret) : before!.secretSealed,
        defaultEcUserId: input.defaultEcUserId,
        isEnabled: input.isEnabled,
        fieldMap: Object.fromEntries(input.fieldMap.map((f) => [f.ours, f.theirs])),
        staffMap: Object.fromEntries(mapped.map((s) => [String(s.userId), s.ecUserId])),
        lastPulledAt: before?.lastPulledAt ?? null,
      });
      return configOut(ctx, saved);
    },

    /** 测试连接: EC's 架构信息 with these values; EC's own refusal in its words. Detached: no transaction waits on EC. */
    test: async (auth: TAuth, input: TIn<'configTest'>): Promise<TEcTestResult> => {
      let secret = input.appSecret;
      if (!secret) {
        const row = await withTenant(database, auth.tenantId, (tx) => repo.config(tx, auth.tenantId));
        if (!row) throw errors.secretRequired();
        secret = accountOf(row).appSecret;
      }
      try {
        const client = await clientOf({ corpId: input.corpId, appId: input.appId, appSecret: secret });
        const { users } = await client.structure();
        return { isOk: true, message: `连接成功，腾讯EC 企业共有 ${users.length} 名员工` };
      } catch (error) {
        return { isOk: false, message: `连接失败：${messageOf(error)}` };
      }
    },

    items: async (ctx: TRequestContext, q: TIn<'itemPage'>): Promise<TPage<TEcSyncItem>> => {
      const { records, total } = await repo.itemPage(ctx.tx, {
        tenantId: ctx.auth.tenantId,
        state: q.state,
        kind: q.kind,
        from: q.from !== undefined ? new Date(q.from) : undefined,
        to: q.to !== undefined ? new Date(q.to) : undefined,
        page: q.page,
        limit: q.limit,
      });
      return toPage(records.map(itemOut), total, q);
    },

    /** 重新同步: due now with a full set of attempts (a pull runs again at once); a waiting item is left as it is. */
    retry: async (ctx: Omit<TRequestContext, 'tx'>, id: number): Promise<TEcSyncItem> => {
      const { auth } = ctx;
      const found = await withTenant(database, auth.tenantId, (tx) => repo.item(tx, auth.tenantId, id));
      if (!found) throw errors.itemMissing();
      if (found.kind === 'pull') return found.state === 'pending' ? itemOut(found) : pull(ctx, found);
      const requeued = await withTenant(database, auth.tenantId, (tx) =>
        repo.requeue(tx, auth.tenantId, id, now(), ecSyncMaxAttempts),
      );
      // Detached: the queue's statements need the connection a request transaction would hold (PGlite).
      if (requeued) await deps.wake().catch(() => undefined);
      return itemOut(requeued ?? found);
    },

    pull: (ctx: Omit<TRequestContext, 'tx'>) => pull(ctx),

    pushDue,

    /** The job: at start, every pollSeconds, and whenever woken. */
    job: (): TJobDef => ({
      name: ecSyncJobName,
      atStart: () => ({}),
      everySeconds: config.pollSeconds,
      pollSeconds: 2,
      expireSeconds: 900,
      run: (_data, run) => pushDue(run),
    }),
  };
};

export type TEcSyncService = ReturnType<typeof createEcSyncService>;
