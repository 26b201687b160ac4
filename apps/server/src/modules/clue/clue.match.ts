import {
  CluePerm,
  clueMatchLimits,
  importListedRows,
  type TClueMatchConverted,
  type TClueMatchOutcome,
  type TClueMatchRow,
  type TClueMatchState,
  type TClueTarget,
  type TImportRead,
  uploadLimits,
} from '@yunhu/contract';
import type { TDatabase, TDb } from '../../db/client.js';
import type { TDataScope } from '../../db/scope.js';
import { hasPermission, type TAuth, type TRequestContext } from '../../http/context.js';
import { fileDownload, streamXlsx } from '../../http/download.js';
import { AppError, forbidden } from '../../http/errors.js';
import { ExcelJS } from '../../http/exceljs.js';
import { type TUpload, type TUploadedSheet, withUploadedSheet } from '../../http/spreadsheet-read.js';
import { importErrors } from '../../import/import.errors.js';
import type { TBatchRow } from '../../import/import.repository.js';
import { createImportRunner, type TImportWriter, uploadReadOptions } from '../../import/import.runner.js';
import { batchProgress } from '../../import/progress.js';
import { firstSeen, reasonTally, sheetReader, type TImportColumn } from '../../import/sheet.js';
import { companyBlacklistLookup } from '../blacklist/index.js';
import { convertCompanies } from './clue.convert.js';
import { clueRepository as repo } from './clue.repository.js';
import type { TClueDeps } from './clue.service.js';
import { unlockCompany } from './clue.unlock.js';
import { clueMatchRepository as matchRepo, type TMatchCompany } from './clue-match.repository.js';

const kinds = ['clue-match'] as const;
const chunk = 500;

/** A unified social credit code: 18 characters of digits and capitals (GB 32100). */
const creditCodePattern = /^[0-9A-HJ-NPQRTUWXY]{18}$/;

export const clueMatchColumns: TImportColumn[] = [
  {
    key: 'name',
    header: '企业名称',
    isRequired: false,
    maxChars: 100,
    aliases: ['公司名称', '企业名称或统一社会信用代码', '名称'],
    note: '企业的完整名称，与工商登记一致；同名企业有多家时请填统一社会信用代码。',
  },
  {
    key: 'code',
    header: '统一社会信用代码',
    isRequired: false,
    maxChars: 18,
    aliases: ['信用代码', '社会信用代码'],
    note: '18位；填写后按代码匹配，企业名称可不填。',
  },
];

const readOptions = uploadReadOptions(uploadLimits.maxBytes, clueMatchLimits.maxRows);

type TRead = { rowNo: number; input: string; isCode: boolean };
type TMatched = TRead & { company: TMatchCompany | null; reason: string };

const stateOf = (row: TBatchRow): TClueMatchState => ({
  ...batchProgress(row),
  fileName: row.fileName,
  matched: row.inserted,
  createdAt: row.createdAt.getTime(),
});

/** Which company each row names: by credit code, or by a name only one company has. */
const matchChunk = async (tx: TDb, rows: TRead[]): Promise<TMatched[]> => {
  const byCode = new Map(
    (
      await matchRepo.byCodes(
        tx,
        rows.filter((r) => r.isCode).map((r) => r.input),
      )
    ).map((c) => [c.creditCode, c]),
  );
  const byName = new Map<string, TMatchCompany[]>();
  for (const c of await matchRepo.byNames(
    tx,
    rows.filter((r) => !r.isCode).map((r) => r.input),
  )) {
    byName.set(c.name, [...(byName.get(c.name) ?? []), c]);
  }
  return rows.map((r) => {
    if (r.isCode) {
      const company = byCode.get(r.input) ?? null;
      return { ...r, company, reason: company ? '' : `统一社会信用代码「${r.input}」在企业库中未找到` };
    }
    const named = byName.get(r.input) ?? [];
    if (named.length === 1) return { ...r, company: named[0]!, reason: '' };
    return {
      ...r,
      company: null,
      reason:
        named.length === 0
          ? `企业名称「${r.input}」在企业库中未找到，请核对全称`
          : `企业名称「${r.input}」对应${named.length}家企业，请改填统一社会信用代码`,
    };
  });
};

/** The confirm keeps each matched row (the staging drops written rows): the result and the unlock read them. */
const writer: TImportWriter = {
  write: async (tx, run, rows) => {
    await matchRepo.insert(
      tx,
      rows.map((r) => ({
        tenantId: run.auth.tenantId,
        importId: run.batch.id,
        rowNo: r.rowNo,
        input: String(r.data.input ?? ''),
        companyId: Number(r.data.companyId),
      })),
    );
    return rows.map((r) => ({ rowNo: r.rowNo, outcome: 'inserted' as const, reason: '' }));
  },
};

export type TClueMatch = ReturnType<typeof createClueMatch>;

/**
 * 批量匹配 on the one import runner: `preview` reads the list, matches every row against the company
 * library (by credit code, or by a name one company has) and stages it with its reason (not found,
 * ambiguous, the same company as an earlier row); `confirm` keeps the matches; the result lists them
 * with what this enterprise has of each; `convert` unlocks the matched (charged once per company,
 * within the daily limit and the quota) and turns them into customers by the CRM's rules.
 */
export const createClueMatch = (
  deps: TClueDeps & { dataScopeOf: (auth: TAuth) => Promise<TDataScope>; onError: (error: unknown) => void },
) => {
  const runner = createImportRunner({ database: deps.database as TDatabase, onError: deps.onError });
  const { scoped } = runner;

  const stage = async (auth: TAuth, batchId: string, sheet: TUploadedSheet) => {
    const errors: { row: number; reason: string }[] = [];
    const counts = { total: 0, valid: 0, invalid: 0, duplicate: 0 };
    const tally = reasonTally();
    const repeatOf = firstSeen();
    let pending: TRead[] = [];
    const flush = async () => {
      if (pending.length === 0) return;
      const rows = pending;
      pending = [];
      await scoped(auth, async (tx) => {
        const matched = await matchChunk(tx, rows);
        for (const m of matched) {
          const first = m.company ? repeatOf(String(m.company.id), m.rowNo) : null;
          if (first !== null) {
            m.reason = `与第${first}行是同一家企业`;
            counts.duplicate++;
          }
        }
        await runner.stage(
          tx,
          auth,
          batchId,
          matched.map((m) => ({
            rowNo: m.rowNo,
            data: m.reason
              ? { input: m.input }
              : { input: m.input, companyId: m.company!.id, name: m.company!.name, creditCode: m.company!.creditCode },
            error: m.reason || null,
          })),
        );
        for (const m of matched) {
          if (!m.reason) {
            counts.valid++;
            continue;
          }
          counts.invalid++;
          tally.add([m.reason]);
          if (errors.length < importListedRows) errors.push({ row: m.rowNo, reason: m.reason });
        }
      });
    };
    const reader = sheetReader({
      columns: clueMatchColumns,
      maxRows: clueMatchLimits.maxRows,
      unit: '家企业',
      noData: '企业名称或统一社会信用代码',
    });
    for await (const { rowNo, cell } of reader.rows(sheet)) {
      const code = cell('code').toUpperCase();
      const name = cell('name');
      const nameAsCode = name.toUpperCase();
      const isCode = code !== '' || creditCodePattern.test(nameAsCode);
      pending.push({ rowNo, input: code || (isCode ? nameAsCode : name), isCode });
      if (pending.length >= chunk) await flush();
    }
    await flush();
    const { sample, blankRows, ignoredColumns, total } = reader.read();
    counts.total = total;
    const read: TImportRead = { sample, blankRows, ignoredColumns, reasonCounts: tally.list(), toWrite: counts.valid };
    return { errors, counts, read };
  };

  const preview = (auth: TAuth, file: TUpload | undefined) =>
    withUploadedSheet(file, readOptions, async (sheet) => {
      const { staged, row } = await runner.checkUpload(auth, { kind: kinds[0], fileName: sheet.fileName }, (batchId) =>
        stage(auth, batchId, sheet),
      );
      return { ...stateOf(row), errors: staged.errors, ...staged.read };
    });

  /** The batch's matches with what this enterprise has of each company now. */
  const matchedRows = async (tx: TDb, auth: TAuth, batchId: string): Promise<TClueMatchRow[]> => {
    const rows = await matchRepo.rows(tx, auth.tenantId, batchId);
    const customers = await repo.customerCompanies(
      tx,
      auth.tenantId,
      rows.map((r) => r.company.name),
    );
    const listed = await companyBlacklistLookup(
      tx,
      auth.tenantId,
      rows.map((r) => r.company),
    );
    return rows.map((r) => ({
      row: r.rowNo,
      input: r.input,
      companyId: r.company.id,
      name: r.company.name,
      creditCode: r.company.creditCode,
      isUnlocked: r.unlockId !== null,
      isCustomer: r.customerId !== null || customers.has(r.company.name),
      isBlacklisted: listed(r.company) !== null,
    }));
  };

  /** A confirmed batch of this person's (an administrator's: anyone's), found before its rows are read. */
  const confirmed = async (auth: TAuth, batchId: string) => {
    const batch = await runner.find(auth, batchId, kinds);
    if (batch.status === 'previewed') throw importErrors.batchMissing();
    return batch;
  };

  const report = async (auth: TAuth, batchId: string) => {
    const batch = await confirmed(auth, batchId);
    const { matched, refused } = await scoped(auth, async (tx) => ({
      matched: await matchedRows(tx, auth, batchId),
      refused: await matchRepo.refused(tx, auth.tenantId, batchId),
    }));
    type TLine = { row: number; input: string; name: string; code: string; result: string; note: string };
    const lines: TLine[] = [
      ...matched.map((m) => ({
        row: m.row,
        input: m.input,
        name: m.name,
        code: m.creditCode,
        result: '已匹配',
        note: [m.isUnlocked ? '已解锁' : '未解锁', m.isCustomer ? '已是客户' : '', m.isBlacklisted ? '企业黑名单' : '']
          .filter(Boolean)
          .join('，'),
      })),
      ...refused.map((r) => ({
        row: r.rowNo,
        input: String(r.data.input ?? ''),
        name: '',
        code: '',
        result: '未匹配',
        note: r.error ?? '',
      })),
    ].sort((a, b) => a.row - b.row);
    const base = batch.fileName.replace(/\.(xlsx|csv)$/i, '') || '批量匹配';
    return streamXlsx<TLine>(
      (sink) => sink(lines),
      [
        { header: '行号', width: 8, value: (l) => l.row },
        { header: '上传内容', width: 30, value: (l) => l.input },
        { header: '匹配企业', width: 30, value: (l) => l.name },
        { header: '统一社会信用代码', width: 22, value: (l) => l.code },
        { header: '结果', width: 10, value: (l) => l.result },
        { header: '说明', width: 50, value: (l) => l.note },
      ],
      `${base}-匹配结果.xlsx`,
      '匹配结果',
    );
  };

  /**
   * 解锁并转为客户 of a batch's matches: each company unlocked in a savepoint of its own (charged once
   * for the enterprise; the daily limit or an empty quota refuses it and those after it), then every
   * unlocked one converted by the CRM's rules. An answer per matched row.
   */
  const convert = async (ctx: TRequestContext, batchId: string, target: TClueTarget): Promise<TClueMatchConverted> => {
    const { auth, tx } = ctx;
    // The route asks for 转为客户; unlocking is a permission of its own.
    if (!hasPermission(auth, CluePerm.unlock)) throw forbidden();
    const batch = await matchRepo.batch(tx, auth.tenantId, batchId, kinds[0]);
    const isMine = batch && (batch.userId === auth.userId || auth.isAdmin || auth.isSuper);
    if (!isMine || batch.status === 'previewed' || batch.status === 'checking') throw importErrors.batchMissing();
    const rows = await matchRepo.rows(tx, auth.tenantId, batchId);
    const companies = new Map(
      (
        await repo.companiesByIds(
          tx,
          rows.map((r) => r.company.id),
        )
      ).map((c) => [c.id, c]),
    );
    const outcomes = new Map<number, TClueMatchOutcome>();
    const toConvert: number[] = [];
    let charged = 0;
    for (const r of rows) {
      const company = companies.get(r.company.id)!;
      const outcome: TClueMatchOutcome = {
        row: r.rowNo,
        companyId: company.id,
        name: company.name,
        isCharged: false,
        isUnlocked: r.unlockId !== null,
        isOk: false,
        customerId: r.customerId,
        reason: '',
      };
      outcomes.set(company.id, outcome);
      try {
        outcome.isCharged = await tx.transaction((sp) =>
          unlockCompany(deps.source, { ...ctx, tx: sp as unknown as TDb }, company),
        );
        outcome.isUnlocked = true;
        if (outcome.isCharged) charged++;
        toConvert.push(company.id);
      } catch (error) {
        if (!(error instanceof AppError)) throw error;
        outcome.reason = error.message;
      }
    }
    let converted = 0;
    for (let at = 0; at < toConvert.length; at += 100) {
      for (const result of await convertCompanies(deps, ctx, toConvert.slice(at, at + 100), target)) {
        const outcome = outcomes.get(result.companyId)!;
        outcome.isOk = result.isOk;
        outcome.customerId = result.customerId ?? outcome.customerId;
        outcome.reason = result.reason;
        if (result.isOk) converted++;
      }
    }
    return {
      outcomes: [...outcomes.values()],
      charged,
      converted,
      balance: await repo.balance(tx, auth.tenantId),
    };
  };

  const template = async () => {
    const book = new ExcelJS.Workbook();
    const sheet = book.addWorksheet('企业名单');
    sheet.columns = clueMatchColumns.map((c) => ({ header: c.header, width: 36 }));
    sheet.getRow(1).font = { bold: true };
    sheet.getColumn(2).numFmt = '@';
    const help = book.addWorksheet('填写说明');
    help.columns = [
      { header: '列', width: 18 },
      { header: '说明', width: 80 },
    ];
    help.getRow(1).font = { bold: true };
    for (const c of clueMatchColumns) help.addRow([c.header, c.note ?? '']);
    help.addRow([]);
    help.addRow(['', `每行一家企业，两列至少填一列；一次最多${clueMatchLimits.maxRows}行。`]);
    help.addRow(['', '支持 .xlsx，或 UTF-8 / GBK 编码的 .csv。']);
    return fileDownload(Buffer.from(await book.xlsx.writeBuffer()), '批量匹配模板.xlsx');
  };

  return {
    preview,
    confirm: async (auth: TAuth, batchId: string, scope?: TDataScope) =>
      stateOf(await runner.confirm({ auth, scope: scope ?? (await deps.dataScopeOf(auth)) }, batchId, kinds, writer)),
    state: async (auth: TAuth, batchId: string) => stateOf(await runner.find(auth, batchId, kinds)),
    rows: async (auth: TAuth, batchId: string) => {
      await confirmed(auth, batchId);
      return scoped(auth, (tx) => matchedRows(tx, auth, batchId));
    },
    report,
    convert,
    template,
    idle: runner.idle,
    stop: runner.stop,
  };
};
