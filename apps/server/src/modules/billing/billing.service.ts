import {
  beijingFileDay,
  beijingTime,
  billingLimits,
  ledgerKindLabel,
  noticeLinks,
  type TBillAnalysis,
  type TConsume,
  type TLedgerEntry,
  type TLedgerKind,
  type TLineRate,
  type TRouteInput,
  toPage,
  yuan,
} from '@yunhu/contract';
import type { TDatabase, TDb } from '../../db/client.js';
import { lockForTransaction } from '../../db/locks.js';
import { withTenant } from '../../db/tenant.js';
import { asPlatform, type TRequestContext } from '../../http/context.js';
import { streamXlsx } from '../../http/download.js';
import type { TColumn } from '../../http/xlsx-stream.js';
import type { TJobDef } from '../../jobs/index.js';
import { book, type TMovement } from '../trade/index.js';
import { analysisRateService } from './analysis-charge.js';
import { billingErrors } from './billing.errors.js';
import {
  billingRepository as repo,
  type TChargedCall,
  type TConsumeRow,
  type TRateAt,
  type TUsablePacket,
} from './billing.repository.js';
import { billingLedgerRepository as ledger, type TLedgerRow, type TMoneyMonth } from './billing-ledger.repository.js';
import { balanceHeld, hasDialFundsAcrossLines, rateCall, splitCharge, type TRated } from './rating.js';

/**
 * A call rated at its line's rate of its start (what `prepareCharge` charges), with the packages its
 * person may draw on, locked until the transaction ends (none for a call that cannot cost anything).
 */
export type TRecordRating = { rate: TRateAt; rated: TRated; packets: TUsablePacket[] };

const noRate: TRateAt = { rateId: null, unitPrice: 0, incrementSeconds: 60, minimumSeconds: 0, freeSeconds: 0 };

/**
 * Rates a finished call at its line's rate in force at its start (the call area, before it writes
 * the record: the amount is the record's `postage`). A line without a rate row costs its price per
 * minute per 60 s; an unknown line costs nothing. An answered call's usable packages are locked and
 * read in the same statement (earliest expiry first), so `prepareCharge` splits the charge from what
 * they have left and the record's insert writes it.
 */
export const rateRecord = async (
  tx: TDb,
  call: { tenantId: number; userId: number; lineId: number; startTime: Date; isAnswered: boolean; duration: number },
): Promise<TRecordRating> => {
  const found = await repo.rateForCall(tx, {
    tenantId: call.tenantId,
    userId: call.userId,
    lineId: call.lineId,
    at: call.startTime,
    mayDraw: call.isAnswered && call.duration > 0,
  });
  const rate = found?.rate ?? noRate;
  return { rate, rated: rateCall(call, rate), packets: found?.packets ?? [] };
};

/**
 * A call's charge, once, in the statement that writes its record (docs/decisions/0018-billing.md):
 * the packages the rating read locked (earliest expiry first) give what they have left, spilling to
 * the next (`splitCharge`), the balance pays the rest (kind consumption, key = the record: allowed
 * below zero, a call already made is charged whatever is left). `sql` gives the parts the call
 * area's record insert carries (`record`: its CTE of the record written — nothing is charged when
 * it wrote none, a repeated callback); `settle` reads their answer once the record is written: the
 * charge row's key (the record) and the ledger's (kind, record) are the walls behind "once".
 * Null when the call costs nothing.
 */
export const prepareCharge = (call: TChargedCall & { rating: TRecordRating }) => {
  const { rate, rated, packets } = call.rating;
  if (rated.amount <= 0) return null;
  const split = splitCharge(rated, rate, packets);
  const booking: TMovement | null =
    split.balanceAmount > 0
      ? {
          tenantId: call.tenantId,
          kind: 'consumption',
          amount: -split.balanceAmount,
          bizType: 'call',
          bizKey: '',
          remark: `通话消费 ${rated.billedSeconds} 秒`,
        }
      : null;
  return {
    sql: (record: Parameters<typeof repo.chargeSql>[2]) =>
      repo.chargeSql({ ...call, rate, rated, split }, booking, record),
    settle: async (tx: TDb, recordId: number, row: Record<string, unknown> | undefined) => {
      const done = repo.chargedOf(booking, row);
      // The record is new (its insert just wrote it), so its charge is too; a second one would be a
      // bug, and throwing takes the packages' seconds back with the whole transaction. The packages
      // were locked by the rating read: each one taken from is there.
      if (!done.charged) throw new Error(`call ${recordId} charged twice`);
      if (done.drawn !== split.takes.length) throw new Error(`call ${recordId}: a package vanished under its lock`);
      // The enterprise's first movement: `book` creates its account and books.
      if (booking && !done.booked) await book(tx, { ...booking, bizKey: String(recordId) });
      return { ...split, amount: rated.amount, billedSeconds: rated.billedSeconds };
    },
  };
};

export type TPreparedCharge = NonNullable<ReturnType<typeof prepareCharge>>;

/**
 * The dial flow's money check (docs/decisions/0034-dial-funds-guard.md): on a line that costs
 * something, each call of the enterprise under way holds one minimum block of its own line — that
 * line's package seconds first, then the balance, which all lines share — and the dial is refused
 * (余额不足) when nothing is left for this line after the holds (`hasDialFundsAcrossLines`). Dials of
 * one enterprise on charged lines, whatever the line, take their turn on one lock until their
 * transaction ends, so each counts the requests the ones before it wrote: dials that arrive together
 * cannot all pass on money that pays for one. `callsUnderWay` counts the enterprise's calls under
 * way per line (the call area's definition), after the lock. A call under way is held at its line's
 * rate in force now (its rate of a few minutes ago but for a rate changed meanwhile). The dialled
 * line's package seconds are those the dialler may draw on (套餐共享): a package shared with others
 * would not pay for his call.
 */
export const ensureDialFunds = async (
  tx: TDb,
  tenantId: number,
  { lineId, userId }: { lineId: number; userId: number },
  at: Date,
  callsUnderWay: () => Promise<{ lineId: number; underWay: number }[]>,
): Promise<void> => {
  const rate = await repo.rateAt(tx, lineId, at);
  if (!rate || rate.unitPrice === 0) return;
  await lockForTransaction(tx, 'dial_funds', tenantId);
  const counts = new Map((await callsUnderWay()).map((c) => [c.lineId, c.underWay]));
  const funds = await repo.linesFunds(tx, tenantId, [...new Set([lineId, ...counts.keys()])], at, { lineId, userId });
  const withCalls = funds.lines.map((l) => ({ ...l, underWay: counts.get(l.lineId) ?? 0 }));
  const dialled = withCalls.find((l) => l.lineId === lineId) ?? { rate, packetSeconds: 0, underWay: 0 };
  const others = withCalls.filter((l) => l.lineId !== lineId);
  if (hasDialFundsAcrossLines(dialled, others, funds.balance)) return;
  // The calls that stand in the way: this line's, and those of other lines that hold balance.
  const holding = dialled.underWay + others.reduce((n, l) => n + (balanceHeld(l) > 0 ? l.underWay : 0), 0);
  throw holding > 0
    ? billingErrors.noBalanceUnderWay(rate.lineName, yuan(funds.balance), holding)
    : billingErrors.noBalance(rate.lineName, yuan(funds.balance));
};

const seconds = (s: number) => `${s} 秒`;
const paidText = (r: TConsumeRow) =>
  [
    ...r.paidBy.packets.map((p) => `${p.name} ${p.seconds} 秒`),
    ...(r.paidBy.balance > 0 ? [`余额 ${yuan(r.paidBy.balance)} 元`] : []),
  ].join('；');

export const consumeColumns: TColumn<TConsumeRow>[] = [
  { header: '通话时间', width: 22, value: (r) => beijingTime(r.startTime) },
  { header: '员工', width: 12, value: (r) => r.realName },
  { header: '部门', width: 14, value: (r) => r.deptName },
  { header: '线路', width: 18, value: (r) => r.lineName },
  { header: '通话时长', width: 10, value: (r) => seconds(r.duration) },
  { header: '计费时长', width: 10, value: (r) => seconds(r.billedSeconds) },
  { header: '计费单位数', width: 10, value: (r) => r.units },
  { header: '资费', width: 16, value: (r) => `${yuan(r.unitPrice)} 元/${r.incrementSeconds} 秒` },
  { header: '金额（元）', width: 12, value: (r) => yuan(r.amount) },
  { header: '套餐抵扣', width: 10, value: (r) => seconds(r.packetSeconds) },
  { header: '余额扣费（元）', width: 14, value: (r) => yuan(r.balanceAmount) },
  { header: '支付明细', width: 40, value: paidText },
];

type TBillRow = Awaited<ReturnType<typeof repo.billRows>>['records'][number];
export const billColumns: TColumn<TBillRow>[] = [
  { header: '线路', width: 18, value: (r) => r.lineName },
  { header: '部门', width: 14, value: (r) => r.deptName || '未分配部门' },
  { header: '计费通话数', width: 12, value: (r) => r.calls },
  { header: '通话时长（秒）', width: 14, value: (r) => r.duration },
  { header: '计费时长（秒）', width: 14, value: (r) => r.billedSeconds },
  { header: '金额（元）', width: 12, value: (r) => yuan(r.amount) },
  { header: '套餐抵扣（秒）', width: 14, value: (r) => r.packetSeconds },
  { header: '余额扣费（元）', width: 14, value: (r) => yuan(r.balanceAmount) },
];

export const ledgerColumns: TColumn<TLedgerRow>[] = [
  { header: '时间', width: 22, value: (r) => beijingTime(r.createdAt) },
  { header: '类型', width: 10, value: (r) => ledgerKindLabel[r.kind as TLedgerKind] ?? r.kind },
  { header: '收支', width: 8, value: (r) => (r.amount >= 0 ? '收入' : '支出') },
  { header: '金额（元）', width: 12, value: (r) => yuan(r.amount) },
  { header: '余额（元）', width: 12, value: (r) => yuan(r.balanceAfter) },
  { header: '业务单号', width: 28, value: (r) => r.bizKey },
  { header: '备注', width: 30, value: (r) => r.remark },
  { header: '操作人', width: 12, value: (r) => r.createdByName },
];

export const moneyColumns: TColumn<TMoneyMonth>[] = [
  { header: '月份', width: 10, value: (r) => r.month },
  { header: '充值（元）', width: 12, value: (r) => yuan(r.recharge) },
  { header: '购买（元）', width: 12, value: (r) => yuan(r.purchase) },
  { header: '消费（元）', width: 12, value: (r) => yuan(r.consumption) },
  { header: '退款（元）', width: 12, value: (r) => yuan(r.refund) },
  { header: '转账（元）', width: 12, value: (r) => yuan(r.transfer) },
  { header: '调账（元）', width: 12, value: (r) => yuan(r.adjustment) },
  { header: '净变动（元）', width: 12, value: (r) => yuan(r.net) },
];

const toConsume = (r: TConsumeRow): TConsume => ({ ...r, startTime: r.startTime.getTime() });
const toLedger = (r: TLedgerRow): TLedgerEntry => ({
  id: r.id,
  kind: r.kind as TLedgerKind,
  amount: r.amount,
  balanceAfter: r.balanceAfter,
  bizType: r.bizType,
  bizKey: r.bizKey,
  remark: r.remark,
  createdByName: r.createdByName,
  createdAt: r.createdAt.getTime(),
});

/** 'YYYY-MM' → its first day and the next month's, as dates (the roll-up's Shanghai days). */
export const monthRange = (month: string) => {
  const [y, m] = month.split('-').map(Number) as [number, number];
  const pad = (n: number) => String(n).padStart(2, '0');
  const next = m === 12 ? `${y + 1}-01` : `${y}-${pad(m + 1)}`;
  const prev = m === 1 ? `${y - 1}-12` : `${y}-${pad(m - 1)}`;
  return { first: `${month}-01`, next: `${next}-01`, prev: { first: `${prev}-01`, next: `${month}-01` } };
};

const checkRange = (f: { from?: number; to?: number }) => {
  if (f.from !== undefined && f.to !== undefined && f.from > f.to) throw billingErrors.rangeReversed();
};

const rateOf = (r: Record<string, unknown>): TLineRate => {
  const hasRate = r.id !== null && r.id !== undefined;
  return {
    id: hasRate ? Number(r.id) : null,
    lineId: Number(r.line_id),
    lineName: String(r.line_name ?? ''),
    unitPrice: Number(hasRate ? r.unit_price : r.price_per_minute),
    incrementSeconds: hasRate ? Number(r.increment_seconds) : 60,
    minimumSeconds: hasRate ? Number(r.minimum_seconds) : 0,
    freeSeconds: hasRate ? Number(r.free_seconds) : 0,
    validFrom: hasRate ? new Date(r.valid_from as string | Date).getTime() : null,
    createdByName: hasRate ? String(r.created_by_name ?? '') : '',
  };
};

type TLogger = { warn: (obj: object, msg: string) => void; error: (obj: object, msg: string) => void };

export type TBillingService = ReturnType<typeof createBillingService>;

/**
 * 收支明细, 消费明细, 账单, 账单分析, the low-balance notice and the platform's rates and revenue
 *. Charging itself is `prepareCharge`, carried by the call area's record insert.
 */
export const createBillingService = (deps: {
  database: TDatabase;
  /** A notice to a person's bell (the system area), in the caller's transaction. */
  notify: (
    db: TDb,
    rows: { tenantId: number; userId: number; title: string; content: string; link?: string }[],
  ) => Promise<void>;
  sms: { send: (mobile: string, text: string, meta: { code: string; purpose: string }) => Promise<void> };
  logger: TLogger;
  now?: () => Date;
}) => {
  const now = deps.now ?? (() => new Date());
  const analysisRates = analysisRateService(now);
  const consumeQuery = (ctx: TRequestContext, f: TRouteInput<'billing', 'consumeExport'>) => {
    checkRange(f);
    return { tenantId: ctx.auth.tenantId, scope: ctx.scope, filter: f };
  };

  /**
   * Tells the administrators of every enterprise whose balance fell under its threshold (a bell
   * notice, and an SMS when the enterprise asked for one), once per crossing; enterprises back
   * above it are watched again. Returns how many enterprises were told.
   */
  const checkLowBalance = async () => {
    await repo.rearmRecovered(deps.database.db);
    let told = 0;
    for (const tenantId of await repo.dueLowBalance(deps.database.db)) {
      const sent = await withTenant(deps.database, tenantId, async (tx) => {
        const claim = await repo.claimLowBalance(tx, tenantId, now());
        if (!claim) return null;
        const admins = await repo.administrators(tx, tenantId);
        const content = `账户余额 ${yuan(claim.balance)} 元，已低于提醒金额 ${yuan(claim.threshold)} 元。余额和套餐用完后将无法外呼，请及时在「账户明细」点击「充值」扫码充值，或购买套餐。`;
        await deps.notify(
          tx,
          admins.map((a) => ({
            tenantId,
            userId: a.userId,
            title: '余额不足提醒',
            content,
            link: noticeLinks.recharge,
          })),
        );
        return claim.isSms ? { admins, content } : { admins: [], content };
      });
      if (!sent) continue;
      told++;
      // The SMS goes after the commit: a failed send never takes the notice back.
      for (const a of sent.admins) {
        await deps.sms
          .send(a.mobile, `【云呼】${sent.content}`, { code: '', purpose: 'lowBalance' })
          .catch((error: unknown) => deps.logger.warn({ err: error, tenantId }, 'billing: low-balance SMS failed'));
      }
    }
    return told;
  };

  return {
    ...analysisRates,
    checkLowBalance,

    /** The low-balance watch as a job of the server's queue, every `everySeconds` (0: never). */
    lowBalanceJob: (everySeconds: number): TJobDef => ({
      name: 'billing.low-balance',
      everySeconds,
      run: checkLowBalance,
    }),

    consumePage: async (ctx: TRequestContext, q: TRouteInput<'billing', 'consumePage'>) => {
      const { records, total } = await repo.consumePage(ctx.tx, consumeQuery(ctx, q), q);
      return toPage(records.map(toConsume), total, q);
    },

    consumeById: async (ctx: TRequestContext, { recordId }: TRouteInput<'billing', 'consumeById'>) => {
      const row = await repo.consumeOne(
        ctx.tx,
        { tenantId: ctx.auth.tenantId, scope: ctx.scope, filter: {} },
        recordId,
      );
      if (!row) throw billingErrors.consumeMissing();
      return toConsume(row);
    },

    consumeExport: (ctx: TRequestContext, f: TRouteInput<'billing', 'consumeExport'>) =>
      streamXlsx(
        repo.consumeRows(deps.database, consumeQuery(ctx, f), (r) => r),
        consumeColumns,
        `消费明细_${beijingFileDay(now())}.xlsx`,
        '消费明细',
      ),

    billPage: async (ctx: TRequestContext, q: TRouteInput<'billing', 'billPage'>) => {
      const { records, total } = await repo.billRows(ctx.tx, ctx.auth.tenantId, ctx.scope, monthRange(q.month), q, q);
      return toPage(records, total, q);
    },

    /** The month's bill is a few hundred rows at most (lines × departments): read whole. */
    billExport: async (ctx: TRequestContext, q: TRouteInput<'billing', 'billExport'>) => {
      const { records } = await repo.billRows(ctx.tx, ctx.auth.tenantId, ctx.scope, monthRange(q.month), q);
      return streamXlsx(
        async (sink) => {
          if (records.length) await sink(records);
        },
        billColumns,
        `账单_${q.month}.xlsx`,
        '账单',
      );
    },

    billAnalysis: async (
      ctx: TRequestContext,
      { month }: TRouteInput<'billing', 'billAnalysis'>,
    ): Promise<TBillAnalysis> => {
      const range = monthRange(month);
      const [totals, lastMonth, parts] = [
        await repo.totals(ctx.tx, ctx.auth.tenantId, ctx.scope, range),
        await repo.totals(ctx.tx, ctx.auth.tenantId, ctx.scope, range.prev),
        await repo.analysis(ctx.tx, ctx.auth.tenantId, ctx.scope, range),
      ];
      return { month, totals, lastMonth, ...parts };
    },

    revenueExpPage: async (ctx: TRequestContext, q: TRouteInput<'billing', 'revenueExpPage'>) => {
      checkRange(q);
      const { records, total } = await ledger.page(ctx.tx, { ...q, tenantId: ctx.auth.tenantId }, q);
      return toPage(records.map(toLedger), total, q);
    },

    revenueExpExport: (ctx: TRequestContext, f: TRouteInput<'billing', 'revenueExpExport'>) => {
      checkRange(f);
      return streamXlsx(
        ledger.rows(deps.database, { ...f, tenantId: ctx.auth.tenantId }, (r) => r),
        ledgerColumns,
        `收支明细_${beijingFileDay(now())}.xlsx`,
        '收支明细',
      );
    },

    refundPage: async (ctx: TRequestContext, q: TRouteInput<'billing', 'refundPage'>) => {
      checkRange(q);
      const { records, total } = await ledger.page(ctx.tx, { ...q, kind: 'refund', tenantId: ctx.auth.tenantId }, q);
      return toPage(records.map(toLedger), total, q);
    },

    refundExport: (ctx: TRequestContext, f: TRouteInput<'billing', 'refundExport'>) => {
      checkRange(f);
      return streamXlsx(
        ledger.rows(deps.database, { ...f, kind: 'refund', tenantId: ctx.auth.tenantId }, (r) => r),
        ledgerColumns,
        `退款明细_${beijingFileDay(now())}.xlsx`,
        '退款明细',
      );
    },

    moneyPage: async (ctx: TRequestContext, q: TRouteInput<'billing', 'moneyPage'>) => {
      const year = q.year ?? Number(beijingTime(now()).slice(0, 4));
      const months = await ledger.months(ctx.tx, ctx.auth.tenantId, year);
      const from = (q.page - 1) * q.limit;
      return toPage(months.slice(from, from + q.limit), months.length, q);
    },

    moneyExport: async (ctx: TRequestContext, q: TRouteInput<'billing', 'moneyExport'>) => {
      const year = q.year ?? Number(beijingTime(now()).slice(0, 4));
      const months = await ledger.months(ctx.tx, ctx.auth.tenantId, year);
      return streamXlsx(
        async (sink) => {
          if (months.length) await sink(months);
        },
        moneyColumns,
        `资金月度汇总_${year}.xlsx`,
        '资金月度汇总',
      );
    },

    settingsGet: async (ctx: TRequestContext) => {
      const s = await repo.settings(ctx.tx, ctx.auth.tenantId);
      return { lowBalanceFen: s?.lowBalanceFen ?? 0, isSms: s?.isSms ?? false };
    },

    settingsSave: async (ctx: TRequestContext, input: TRouteInput<'billing', 'settingsSave'>) => {
      await repo.saveSettings(ctx.tx, ctx.auth.tenantId, input);
      return input;
    },

    rateList: (ctx: TRequestContext, q: TRouteInput<'billing', 'rateList'>) =>
      asPlatform(ctx, async (db) => {
        const { current, history } = await repo.rates(db, now(), q.lineId);
        if (q.lineId === undefined) return current.map(rateOf);
        if (current.length === 0) throw billingErrors.lineMissing();
        // One line: its rate in force now first, then every row of its history (oldest first).
        return [
          rateOf(current[0]!),
          ...history.map(({ rate, lineName }) => ({
            ...rate,
            lineName,
            validFrom: rate.validFrom.getTime(),
          })),
        ];
      }),

    /** A new rate of a line from now (or a later moment): earlier calls keep the rate of their time. */
    rateSave: (ctx: TRequestContext, input: TRouteInput<'billing', 'rateSave'>) =>
      asPlatform(ctx, async (db) => {
        const at = now();
        const validFrom = input.validFrom ?? at.getTime();
        if (validFrom < at.getTime() - billingLimits.pastToleranceMs) throw billingErrors.rateInPast();
        const line = await repo.line(db, input.lineId);
        if (!line) throw billingErrors.lineMissing();
        const row = await repo.insertRate(db, {
          lineId: input.lineId,
          unitPrice: input.unitPrice,
          incrementSeconds: input.incrementSeconds,
          minimumSeconds: input.minimumSeconds,
          freeSeconds: input.freeSeconds,
          validFrom: new Date(Math.max(validFrom, at.getTime())),
          createdByName: ctx.auth.realName,
        });
        return { ...row, lineName: line.name, validFrom: row.validFrom.getTime() };
      }),

    platformRevenuePage: (ctx: TRequestContext, q: TRouteInput<'billing', 'platformRevenuePage'>) =>
      asPlatform(ctx, async (db) => {
        checkRange(q);
        const { records, total } = await ledger.page(db, { ...q, tenantId: q.tenantId ?? null }, q);
        return toPage(
          records.map((r) => ({ ...toLedger(r), tenantId: r.tenantId, enterpriseName: r.enterpriseName })),
          total,
          q,
        );
      }),
  };
};
