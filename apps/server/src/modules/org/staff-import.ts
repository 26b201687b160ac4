import { importListedRows, type TImportRead, type TImportState, uploadLimits } from '@yunhu/contract';
import type { TDatabase } from '../../db/client.js';
import type { TDataScope } from '../../db/scope.js';
import type { TAuth } from '../../http/context.js';
import { fileDownload } from '../../http/download.js';
import { AppError } from '../../http/errors.js';
import { ExcelJS } from '../../http/exceljs.js';
import { type TUpload, type TUploadedSheet, withUploadedSheet } from '../../http/spreadsheet-read.js';
import { importErrors } from '../../import/import.errors.js';
import type { TBatchRow } from '../../import/import.repository.js';
import { createImportRunner, importLimits, type TImportWriter } from '../../import/import.runner.js';
import { batchProgress } from '../../import/progress.js';
import { reasonTally, sheetReader } from '../../import/sheet.js';
import { deptRepository } from './dept.repository.js';
import { toDeptTree } from './dept.service.js';
import { pinyinOf } from './pinyin.js';
import { roleRepository } from './role.repository.js';
import { staffRepository as repo } from './staff.repository.js';
import { staffImportColumns, staffRowChecker, type TCheckedStaff } from './staff-import.check.js';

export const staffImportLimits = { ...importLimits, maxRows: 20_000 };

/** The staff import's batches among the import runner's. */
const kinds = ['staff'] as const;

/** Why a valid row was not written at confirm. */
const takenMeanwhile = '账号或手机号在确认前已被使用，已跳过';

/** Imported accounts get no usable password: they sign in by SMS code or set one by "forgot password". */
const unusablePasswordHash = '!imported';

const readOptions = {
  maxBytes: uploadLimits.maxBytes,
  maxRows: staffImportLimits.maxRows,
  kinds: ['xlsx', 'csv'],
  wrongKindMessage: importErrors.wrongKind().message,
  unreadableMessage: importErrors.unreadable().message,
} as const;

const stateOf = (row: TBatchRow): TImportState => ({
  ...batchProgress(row),
  status: row.status as TImportState['status'],
  imported: row.inserted,
  skipped: row.skipped,
});

/**
 * Writes a chunk of confirmed rows (its checkpoint set by the runner in the same transaction): the
 * accounts, skipping any whose account or mobile was taken since the preview, and their roles.
 */
const writer: TImportWriter = {
  write: async (tx, run, rows) => {
    const { tenantId } = run.auth;
    const staged = rows.map((r) => ({ rowNo: r.rowNo, ...(r.data as Omit<TCheckedStaff, 'rowNo' | 'reasons'>) }));
    let next = await repo.userCount(tx, tenantId);
    const inserted = await repo.insertUsersSkippingTaken(
      tx,
      staged.map((r) => ({
        tenantId,
        username: r.username,
        realName: r.realName,
        ...pinyinOf(r.realName),
        mobile: r.mobile,
        passwordHash: unusablePasswordHash,
        deptId: r.deptId,
        jobNumber: String(++next).padStart(4, '0'),
      })),
    );
    const idOf = new Map(inserted.map((u) => [u.mobile, u.id]));
    await repo.grantRoles(
      tx,
      staged.flatMap((r) => {
        const userId = idOf.get(r.mobile);
        return userId ? r.roleIds.map((roleId) => ({ userId, roleId, tenantId })) : [];
      }),
    );
    return staged.map((r) =>
      idOf.has(r.mobile)
        ? { rowNo: r.rowNo, outcome: 'inserted' as const, reason: '' }
        : { rowNo: r.rowNo, outcome: 'skipped' as const, reason: takenMeanwhile },
    );
  },
};

export type TStaffImport = ReturnType<typeof createStaffImport>;

/**
 * Staff import on the import runner, like every import: `preview` reads the upload row by row,
 * checks every row against the staff rules and stages all of them (nothing reaches the users
 * table); `confirm` hands the batch to the runner, which writes the valid rows chunk by chunk in
 * the background with their checkpoint, reports progress, resumes after a dead process and keeps
 * the refused and skipped rows for the result to download.
 */
export const createStaffImport = (deps: {
  database: TDatabase;
  dataScopeOf: (auth: TAuth) => Promise<TDataScope>;
  onError: (error: unknown) => void;
}) => {
  const { database } = deps;
  const runner = createImportRunner(deps);
  const { scoped } = runner;

  /** Checks the rows a chunk at a time against the platform's accounts, then stages them all. */
  const stage = async (auth: TAuth, batchId: string, sheet: TUploadedSheet, scope: TDataScope) => {
    const check = await scoped(auth, (tx) => staffRowChecker(tx, auth, scope, (fn) => scoped(auth, fn)));
    const errors: { row: number; reason: string }[] = [];
    const counts = { total: 0, valid: 0, invalid: 0, duplicate: 0 };
    const tally = reasonTally();
    let pending: TCheckedStaff[] = [];
    const flush = async () => {
      const good = pending.filter((r) => r.reasons.length === 0);
      // Accounts and mobiles are unique on the whole platform: looked up outside the tenant's wall.
      const taken = await repo.takenAmong(
        database.db,
        good.map((r) => r.username),
        good.map((r) => r.mobile),
      );
      for (const r of good) {
        if (taken.usernames.has(r.username.toLowerCase())) r.reasons.push(`账号「${r.username}」已被使用`);
        if (taken.mobiles.has(r.mobile)) r.reasons.push(`手机号${r.mobile}已被其他账号使用`);
      }
      await scoped(auth, (tx) =>
        runner.stage(
          tx,
          auth,
          batchId,
          pending.map(({ rowNo, reasons, ...data }) => ({
            rowNo,
            data: reasons.length ? { username: data.username, realName: data.realName, mobile: data.mobile } : data,
            error: reasons.length ? reasons.join('；') : null,
          })),
        ),
      );
      for (const r of pending) {
        if (r.reasons.length === 0) {
          counts.valid++;
          continue;
        }
        counts.invalid++;
        tally.add(r.reasons);
        if (errors.length < importListedRows) errors.push({ row: r.rowNo, reason: r.reasons.join('；') });
      }
      pending = [];
    };
    const reader = sheetReader({
      columns: staffImportColumns,
      maxRows: staffImportLimits.maxRows,
      unit: '名员工',
      noData: '员工数据',
    });
    for await (const cells of reader.rows(sheet)) {
      pending.push(await check(cells));
      if (pending.length >= staffImportLimits.chunk) await flush();
    }
    await flush();
    const { sample, blankRows, ignoredColumns, total } = reader.read();
    counts.total = total;
    const read: TImportRead = { sample, blankRows, ignoredColumns, reasonCounts: tally.list(), toWrite: counts.valid };
    return { errors, counts, read };
  };

  /** `scope`: the importer's, resolved by the binder (read here when not given). */
  const preview = (auth: TAuth, file: TUpload | undefined, scope?: TDataScope) =>
    withUploadedSheet(file, readOptions, async (sheet) => {
      const importerScope = scope ?? (await deps.dataScopeOf(auth));
      const batchId = await runner.open(auth, { kind: kinds[0], fileName: sheet.fileName });
      let staged: Awaited<ReturnType<typeof stage>>;
      try {
        staged = await stage(auth, batchId, sheet, importerScope);
      } catch (error) {
        await runner.discard(auth, batchId);
        if (error instanceof AppError) throw error;
        deps.onError(error);
        throw importErrors.unreadable();
      }
      const row = await runner.close(auth, batchId, staged.counts);
      return { ...stateOf(row), errors: staged.errors, ...staged.read };
    });

  /** The template: the columns on the first sheet, the rules and the tenant's departments and roles on the second. */
  const template = async (auth: TAuth) => {
    const { depts, roles } = await scoped(auth, async (tx) => ({
      depts: toDeptTree(await deptRepository.list(tx, auth.tenantId)),
      roles: await roleRepository.list(tx, auth.tenantId, { status: 'active' }),
    }));
    const book = new ExcelJS.Workbook();
    const sheet = book.addWorksheet('员工');
    sheet.columns = staffImportColumns.map((c) => ({ header: c.isRequired ? `${c.header}*` : c.header, width: 20 }));
    sheet.getRow(1).font = { bold: true };
    sheet.getColumn(3).numFmt = '@';
    const help = book.addWorksheet('填写说明');
    help.columns = [
      { header: '列', width: 12 },
      { header: '说明', width: 60 },
    ];
    for (const c of staffImportColumns) help.addRow([c.header, `${c.isRequired ? '必填。' : '选填。'}${c.note}`]);
    help.addRow([]);
    help.addRow(['可用部门', '']);
    const walk = (nodes: typeof depts, prefix: string) => {
      for (const n of nodes) {
        const path = prefix ? `${prefix}/${n.name}` : n.name;
        help.addRow(['', path]);
        walk(n.children, path);
      }
    };
    walk(depts, '');
    help.addRow([]);
    help.addRow(['可用角色', '']);
    for (const r of roles) help.addRow(['', r.name]);
    return fileDownload(Buffer.from(await book.xlsx.writeBuffer()), '员工导入模板.xlsx');
  };

  return {
    preview,
    /** `scope`: the confirming person's, resolved by the binder (read here when not given). */
    confirm: async (auth: TAuth, batchId: string, scope?: TDataScope) =>
      stateOf(await runner.confirm({ auth, scope: scope ?? (await deps.dataScopeOf(auth)) }, batchId, kinds, writer)),
    state: async (auth: TAuth, batchId: string) => stateOf(await runner.find(auth, batchId, kinds)),
    /** Every row with its check result, or its outcome once written (the written ones leave), as xlsx. */
    report: (auth: TAuth, batchId: string) =>
      runner.report(auth, batchId, kinds, [
        { header: '账号', width: 16, value: (r) => String(r.data.username ?? '') },
        { header: '姓名', width: 12, value: (r) => String(r.data.realName ?? '') },
        { header: '手机号', width: 16, value: (r) => String(r.data.mobile ?? '') },
      ]),
    template,
    /** Resolves when every confirm started by this process has finished (tests, shutdown). */
    idle: runner.idle,
    /** The server closes: imports being written pause after their chunk (import.runner.ts `stop`). */
    stop: runner.stop,
  };
};
