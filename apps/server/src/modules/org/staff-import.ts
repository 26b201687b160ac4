import crypto from 'node:crypto';
import { type TImportState, uploadLimits } from '@yunhu/contract';
import type { TDatabase, TDb } from '../../db/client.js';
import type { TDataScope } from '../../db/scope.js';
import { withTenant } from '../../db/tenant.js';
import type { TAuth } from '../../http/context.js';
import { fileDownload, streamXlsx } from '../../http/download.js';
import { AppError } from '../../http/errors.js';
import { ExcelJS } from '../../http/exceljs.js';
import { type TUpload, type TUploadedSheet, withUploadedSheet } from '../../http/spreadsheet-read.js';
import { rowsInMemory } from '../../http/xlsx-stream.js';
import { normaliseImportMobile } from '../../import/cells.js';
import { importErrors } from '../../import/import.errors.js';
import { firstSeen, reasonTally, sheetReader } from '../../import/sheet.js';
import { grantorOf, roleScopeExcess, scopeOfRoles, type TGrantor, widensBeyond } from './data-scope.js';
import { deptRepository } from './dept.repository.js';
import { toDeptTree } from './dept.service.js';
import { pinyinOf } from './pinyin.js';
import { roleRepository } from './role.repository.js';
import { staffRepository as repo } from './staff.repository.js';

/** The template's columns; the reader finds them by header, in any order. */
export const importColumns = [
  { key: 'username', header: '账号', isRequired: true, note: '4-32位字母、数字或下划线，以字母开头，全平台唯一' },
  { key: 'realName', header: '姓名', isRequired: true, note: '最多32个字' },
  { key: 'mobile', header: '手机号', isRequired: true, note: '11位手机号，全平台唯一' },
  { key: 'dept', header: '部门', isRequired: true, note: '部门名称；重名时填完整路径，如 公司/销售一部' },
  { key: 'roles', header: '角色', isRequired: false, note: '角色名称，多个用逗号或顿号分隔；可不填' },
] as const;

export const importLimits = {
  maxRows: 20_000,
  chunk: 500,
  batchTtlHours: 24,
  listed: 20_000,
  /** Staged rows (and so the downloadable result) are kept this long, then removed. */
  keepDays: 7,
};

/** Why a valid row was not written at confirm. */
const takenMeanwhile = '账号或手机号在确认前已被使用，已跳过';

/**
 * A row of the batch's `errors`: a bad row of the file with what was typed, or (`isSkipped`) a
 * valid row skipped at confirm because its account or mobile was taken meanwhile.
 */
type TRowProblem = {
  row: number;
  reason: string;
  username?: string;
  realName?: string;
  mobile?: string;
  isSkipped?: boolean;
};

/** A line of the downloadable result. */
type TReportLine = { row: number; username: string; realName: string; mobile: string; result: string; reason: string };

const readOptions = {
  maxBytes: uploadLimits.maxBytes,
  maxRows: importLimits.maxRows,
  // GBK or UTF-8 (with or without BOM) CSV too, as every import (issue 12).
  kinds: ['xlsx', 'csv'],
  wrongKindMessage: importErrors.wrongKind().message,
  unreadableMessage: importErrors.unreadable().message,
} as const;

/** Imported accounts get no usable password: they sign in by SMS code or set one by "forgot password". */
export const unusablePasswordHash = '!imported';

const accountRule = /^[A-Za-z][A-Za-z0-9_]{3,31}$/;
const mobileRule = /^1[3-9]\d{9}$/;

type TValidRow = {
  rowNo: number;
  username: string;
  realName: string;
  mobile: string;
  deptId: number;
  roleIds: number[];
};

export type TStaffImport = ReturnType<typeof createStaffImport>;

/**
 * Staff import (issue 3): `preview` streams the uploaded xlsx row by row (memory bounded by the
 * row limit), reports every bad row with its reason and stages the valid ones; nothing reaches the
 * users table until `confirm`, which writes the staged rows in one transaction while
 * `state` reports progress.
 *
 * A confirm survives its process dying (hardening item 6): the batch is locked and written in that
 * one transaction and marked done at its end, never left 'running' in between (20,000 staff at
 * most, so one transaction is short). A process killed while writing leaves the batch previewed
 * with nothing written (PostgreSQL rolls its transaction back), and any server confirms it again.
 */
export const createStaffImport = (deps: {
  database: TDatabase;
  dataScopeOf: (auth: TAuth) => Promise<TDataScope>;
  onError: (error: unknown) => void;
}) => {
  const { database } = deps;
  const scoped = <T>(auth: TAuth, fn: (tx: TDb) => Promise<T>) => withTenant(database, auth.tenantId, fn);
  /** Rows written so far by running confirms of this process. */
  const progress = new Map<string, number>();
  const running = new Set<Promise<void>>();
  const isAdmin = (auth: TAuth) => auth.isAdmin || auth.isSuper;

  /** Department look-up by full path (公司/销售一部) or by a name that is unique in the tenant. */
  const deptLookup = async (tx: TDb, auth: TAuth, scope: TDataScope) => {
    const byKey = new Map<string, number | 'ambiguous'>();
    const walk = (nodes: ReturnType<typeof toDeptTree>, prefix: string) => {
      for (const n of nodes) {
        const path = prefix ? `${prefix}/${n.name}` : n.name;
        byKey.set(path, n.id);
        if (n.name !== path) byKey.set(n.name, byKey.has(n.name) ? 'ambiguous' : n.id);
        walk(n.children, path);
      }
    };
    walk(toDeptTree(await deptRepository.list(tx, auth.tenantId)), '');
    const inScope = (id: number) => scope.kind === 'all' || scope.deptIds.includes(id);
    return (text: string): { id: number } | { reason: string } => {
      const key = text.replace(/\s*[/／]\s*/g, '/');
      const hit = byKey.get(key);
      if (hit === undefined) return { reason: `部门「${text}」不存在` };
      if (hit === 'ambiguous') return { reason: `部门名称「${text}」不唯一，请填写完整路径，如 公司/${text}` };
      if (!inScope(hit)) return { reason: `部门「${text}」不在您的数据权限范围内` };
      return { id: hit };
    };
  };

  const roleLookup = async (tx: TDb, auth: TAuth, grantor: TGrantor) => {
    const byName = await roleRepository.byName(tx, auth.tenantId);
    const perms = new Map(
      (await roleRepository.list(tx, auth.tenantId, {})).map((r) => [r.id, r.permissions] as const),
    );
    // Nor a data scope wider than the importer's own (hardening item 5, rule a of data-scope.ts).
    const excessOf = new Map<number, string | null>();
    if (!isAdmin(auth)) {
      for (const r of byName.values()) {
        const deptIds = r.dataScope === 'custom' ? await roleRepository.deptIds(tx, auth.tenantId, [r.id]) : [];
        excessOf.set(r.id, roleScopeExcess(grantor, { ...r, deptIds }));
      }
    }
    return (text: string): { ids: number[] } | { reason: string } => {
      const names = [...new Set(text.split(/[,，、;；]/).map((s) => s.trim()))].filter(Boolean);
      const ids: number[] = [];
      for (const name of names) {
        const role = byName.get(name);
        if (!role) return { reason: `角色「${name}」不存在` };
        if (role.status !== 'active') return { reason: `角色「${name}」已停用` };
        if (!isAdmin(auth) && role.isAdmin) return { reason: '只有管理员可以分配管理员角色' };
        if (!isAdmin(auth) && (perms.get(role.id) ?? []).some((p) => !auth.permissions.has(p))) {
          return { reason: `角色「${name}」的权限超出您自己的权限` };
        }
        const excess = excessOf.get(role.id);
        if (excess) return { reason: excess };
        ids.push(role.id);
      }
      return { ids };
    };
  };

  const stateOf = (row: NonNullable<Awaited<ReturnType<typeof repo.findImport>>>): TImportState => ({
    batchId: row.id,
    status: row.status as TImportState['status'],
    total: row.total,
    validCount: row.validCount,
    invalidCount: row.invalidCount,
    processed: row.status === 'running' ? (progress.get(row.id) ?? 0) : row.imported + row.skipped,
    imported: row.imported,
    skipped: row.skipped,
    message: row.message,
  });

  /** `scope`: the importer's, resolved by the binder (read here when not given). */
  const preview = (auth: TAuth, file: TUpload | undefined, scope?: TDataScope) =>
    withUploadedSheet(file, readOptions, async (sheet) => check(auth, sheet, scope ?? (await deps.dataScopeOf(auth))));

  const check = async (auth: TAuth, sheet: TUploadedSheet, scope: TDataScope) => {
    const { findDept, findRoles, grantor, roleRows } = await scoped(auth, async (tx) => {
      const grantor = await grantorOf(tx, auth);
      return {
        findDept: await deptLookup(tx, auth, scope),
        findRoles: await roleLookup(tx, auth, grantor),
        grantor,
        roleRows: await roleRepository.byName(tx, auth.tenantId),
      };
    });
    // Rule b of data-scope.ts: what the new person would see in his department, once per department and roles.
    const roleById = new Map([...roleRows.values()].map((r) => [r.id, r]));
    const widening = new Map<string, boolean>();
    const widens = async (deptId: number, roleIds: number[]) => {
      if (isAdmin(auth)) return false;
      const key = `${deptId}:${roleIds.join(',')}`;
      if (!widening.has(key)) {
        const roles = roleIds.map((id) => roleById.get(id)!);
        const after = await scoped(auth, (tx) => scopeOfRoles(tx, auth.tenantId, { userId: 0, deptId }, roles));
        widening.set(key, widensBeyond(grantor, undefined, after));
      }
      return widening.get(key)!;
    };
    const batchId = crypto.randomUUID();
    await scoped(auth, async (tx) => {
      // Each new upload clears the tenant's staged rows past their keeping time.
      await repo.purgeImportRows(tx, auth.tenantId, importLimits.keepDays);
      await repo.insertImport(tx, { id: batchId, tenantId: auth.tenantId, userId: auth.userId, status: 'checking' });
    });
    const errors: TRowProblem[] = [];
    const tally = reasonTally();
    const refuse = (row: number, reasons: string[], typed: Pick<TRowProblem, 'username' | 'realName' | 'mobile'>) => {
      tally.add(reasons);
      errors.push({ row, reason: reasons.join('；'), ...typed });
    };
    const repeatOf = { username: firstSeen(), mobile: firstSeen() };
    let pending: TValidRow[] = [];
    let total = 0;
    let validCount = 0;

    /** Checks a chunk against the accounts of the whole platform, then stages what is still valid. */
    const flush = async () => {
      if (pending.length === 0) return;
      const taken = await repo.takenAmong(
        database.db,
        pending.map((r) => r.username),
        pending.map((r) => r.mobile),
      );
      const valid: TValidRow[] = [];
      for (const r of pending) {
        const reasons = [
          ...(taken.usernames.has(r.username.toLowerCase()) ? [`账号「${r.username}」已被使用`] : []),
          ...(taken.mobiles.has(r.mobile) ? [`手机号${r.mobile}已被其他账号使用`] : []),
        ];
        if (reasons.length) refuse(r.rowNo, reasons, { username: r.username, realName: r.realName, mobile: r.mobile });
        else valid.push(r);
      }
      await scoped(auth, (tx) =>
        repo.insertImportRows(
          tx,
          valid.map((r) => ({ ...r, importId: batchId, tenantId: auth.tenantId })),
        ),
      );
      validCount += valid.length;
      pending = [];
    };

    const reader = sheetReader({
      columns: importColumns,
      maxRows: importLimits.maxRows,
      unit: '名员工',
      noData: '员工数据',
    });
    try {
      for await (const { rowNo, cell } of reader.rows(sheet)) {
        total++;
        const reasons: string[] = [];
        const username = cell('username');
        const realName = cell('realName');
        const mobile = normaliseImportMobile(cell('mobile'));
        const deptText = cell('dept');
        for (const c of importColumns) if (c.isRequired && cell(c.key) === '') reasons.push(`${c.header}为空`);
        if (username && !accountRule.test(username)) reasons.push('账号须为4-32位字母、数字或下划线，以字母开头');
        if (realName.length > 32) reasons.push('姓名最多32个字');
        if (mobile && !mobileRule.test(mobile)) reasons.push(`手机号「${cell('mobile')}」格式不正确`);
        const firstUser = username ? repeatOf.username(username.toLowerCase(), rowNo) : null;
        if (firstUser !== null) reasons.push(`账号与第${firstUser}行重复`);
        const firstMobile = mobile ? repeatOf.mobile(mobile, rowNo) : null;
        if (firstMobile !== null) reasons.push(`手机号与第${firstMobile}行重复`);
        const dept = deptText ? findDept(deptText) : null;
        if (dept && 'reason' in dept) reasons.push(dept.reason);
        const roles = findRoles(cell('roles'));
        if ('reason' in roles) reasons.push(roles.reason);
        else if (dept && !('reason' in dept) && (await widens(dept.id, roles.ids))) {
          reasons.push('该员工在此部门担任这些角色能看到的数据超出您自己的数据权限');
        }
        if (reasons.length || !dept || 'reason' in dept || 'reason' in roles) {
          refuse(rowNo, reasons, { username, realName, mobile: cell('mobile') });
          continue;
        }
        pending.push({ rowNo, username, realName, mobile, deptId: dept.id, roleIds: roles.ids });
        if (pending.length >= importLimits.chunk) await flush();
      }
      await flush();
    } catch (error) {
      await scoped(auth, (tx) => repo.deleteImportRows(tx, auth.tenantId, batchId));
      await scoped(auth, (tx) => repo.updateImport(tx, auth.tenantId, batchId, { status: 'failed' }));
      if (error instanceof AppError) throw error;
      deps.onError(error);
      throw importErrors.unreadable();
    }
    errors.sort((a, b) => a.row - b.row);
    const state = await scoped(auth, async (tx) => {
      await repo.updateImport(tx, auth.tenantId, batchId, {
        status: 'previewed',
        total,
        validCount,
        invalidCount: errors.length,
        errors,
      });
      return stateOf((await repo.findImport(tx, auth.tenantId, batchId))!);
    });
    const { sample, blankRows, ignoredColumns } = reader.read();
    // Errors listed up to the limit every import keeps (the counts cover all of them).
    return {
      ...state,
      errors: errors.slice(0, importLimits.listed).map(({ row, reason }) => ({ row, reason })),
      sample,
      blankRows,
      ignoredColumns,
      reasonCounts: tally.list(),
      toWrite: validCount,
    };
  };

  /**
   * Writes the staged rows in one transaction that holds the batch locked from its first statement;
   * rows taken meanwhile are skipped and counted. `settle` says whether this writer got the batch.
   */
  const write = async (auth: TAuth, batchId: string, settle: (isMine: boolean) => void) => {
    let imported = 0;
    let skipped = 0;
    let isMine = false;
    try {
      await scoped(auth, async (tx) => {
        // 'running' was left by servers that marked it before writing; 'failed' wrote nothing.
        isMine = await repo.lockImport(tx, auth.tenantId, batchId, ['previewed', 'running', 'failed']);
        settle(isMine);
        if (!isMine) return;
        progress.set(batchId, 0);
        let next = await repo.userCount(tx, auth.tenantId);
        let after = 0;
        const skippedRows: TRowProblem[] = [];
        for (;;) {
          const rows = await repo.importRows(tx, auth.tenantId, batchId, after, importLimits.chunk);
          if (rows.length === 0) break;
          after = rows[rows.length - 1]!.rowNo;
          const inserted = await repo.insertUsersSkippingTaken(
            tx,
            rows.map((r) => ({
              tenantId: auth.tenantId,
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
            rows.flatMap((r) =>
              idOf.has(r.mobile)
                ? r.roleIds.map((roleId) => ({ userId: idOf.get(r.mobile)!, roleId, tenantId: auth.tenantId }))
                : [],
            ),
          );
          for (const r of rows) {
            if (!idOf.has(r.mobile)) {
              skippedRows.push({ row: r.rowNo, reason: takenMeanwhile, isSkipped: true });
            }
          }
          imported += inserted.length;
          skipped += rows.length - inserted.length;
          progress.set(batchId, imported + skipped);
        }
        // The staged rows stay (until `keepDays`) for the downloadable result; the skipped ones join the problems.
        const found = await repo.findImport(tx, auth.tenantId, batchId);
        await repo.updateImport(tx, auth.tenantId, batchId, {
          errors: [...((found?.errors ?? []) as TRowProblem[]), ...skippedRows],
          status: 'done',
          imported,
          skipped,
          finishedAt: new Date(),
          message: skipped ? `${skipped}行的账号或手机号在确认前已被使用，已跳过` : '',
        });
      });
    } catch (error) {
      settle(false);
      deps.onError(error);
      if (isMine) {
        await scoped(auth, (tx) =>
          repo.updateImport(tx, auth.tenantId, batchId, {
            status: 'failed',
            finishedAt: new Date(),
            message: '导入失败，未写入任何员工；可重新确认导入，或修改文件后重新上传',
          }),
        ).catch(deps.onError);
      }
    } finally {
      progress.delete(batchId);
    }
  };

  const findBatch = async (auth: TAuth, batchId: string) => {
    const row = await scoped(auth, (tx) => repo.findImport(tx, auth.tenantId, batchId));
    if (!row || row.status === 'checking') throw importErrors.batchMissing();
    return row;
  };

  return {
    preview,

    confirm: async (auth: TAuth, batchId: string) => {
      const row = await findBatch(auth, batchId);
      if (row.status === 'done' || progress.has(batchId)) throw importErrors.confirmedAlready();
      if (Date.now() - row.createdAt.getTime() > importLimits.batchTtlHours * 3_600_000) {
        throw importErrors.batchMissing();
      }
      if (row.validCount === 0) throw importErrors.nothingToWrite();
      let settle: (isMine: boolean) => void = () => undefined;
      const isMine = new Promise<boolean>((resolve) => {
        settle = resolve;
      });
      const job = write(auth, batchId, settle);
      running.add(job);
      void job.finally(() => running.delete(job));
      // Answered once the writing transaction holds the batch (another confirm holding it refuses this one).
      if (!(await isMine)) throw importErrors.confirmedAlready();
      return stateOf({ ...row, status: 'running' });
    },

    /**
     * A batch being written still reads 'previewed' (its transaction is open): running while a
     * writer holds it; once none does, read again (it may have ended since the first read).
     */
    state: async (auth: TAuth, batchId: string) => {
      const row = await findBatch(auth, batchId);
      if (row.status !== 'previewed') return stateOf(row);
      if (progress.has(batchId)) return stateOf({ ...row, status: 'running' });
      const now = await scoped(auth, async (tx) =>
        (await repo.isWriting(tx, batchId)) ? 'writing' : repo.findImport(tx, auth.tenantId, batchId),
      );
      return stateOf(now === 'writing' ? { ...row, status: 'running' } : (now ?? row));
    },

    /** Resolves when every confirm started by this process has finished (tests, shutdown). */
    idle: () => Promise.all([...running]).then(() => undefined),

    /**
     * Every row of the file with its check result, or its outcome once written, as xlsx (as the
     * customers' import result): 行号, what was read, 结果, 说明.
     */
    report: async (auth: TAuth, batchId: string) => {
      const batch = await findBatch(auth, batchId);
      if (Date.now() - batch.createdAt.getTime() > importLimits.keepDays * 86_400_000) {
        throw importErrors.reportExpired(importLimits.keepDays);
      }
      const staged = await scoped(auth, async (tx) => {
        const all: Awaited<ReturnType<typeof repo.importRows>> = [];
        for (let after = 0; ; ) {
          const rows = await repo.importRows(tx, auth.tenantId, batchId, after, importLimits.chunk * 4);
          if (rows.length === 0) return all;
          all.push(...rows);
          after = rows[rows.length - 1]!.rowNo;
        }
      });
      const problems = batch.errors as TRowProblem[];
      const skippedAt = new Map(problems.filter((p) => p.isSkipped).map((p) => [p.row, p.reason]));
      const isWritten = batch.status === 'done';
      const lines: TReportLine[] = [
        ...problems
          .filter((p) => !p.isSkipped)
          .map((p) => ({
            row: p.row,
            username: p.username ?? '',
            realName: p.realName ?? '',
            mobile: p.mobile ?? '',
            result: '有错误',
            reason: p.reason,
          })),
        ...staged.map((r) => {
          const skippedWhy = skippedAt.get(r.rowNo);
          return {
            row: r.rowNo,
            username: r.username,
            realName: r.realName,
            mobile: r.mobile,
            result: skippedWhy ? '已跳过' : isWritten ? '已导入' : '可导入',
            reason: skippedWhy ?? '',
          };
        }),
      ].sort((a, b) => a.row - b.row);
      return streamXlsx<TReportLine>(
        rowsInMemory(lines),
        [
          { header: '行号', width: 8, value: (l) => l.row },
          { header: '账号', width: 16, value: (l) => l.username },
          { header: '姓名', width: 12, value: (l) => l.realName },
          { header: '手机号', width: 16, value: (l) => l.mobile },
          { header: '结果', width: 10, value: (l) => l.result },
          { header: '说明', width: 60, value: (l) => l.reason },
        ],
        '员工导入结果.xlsx',
        '导入结果',
      );
    },

    /** The template: the columns with a sample-free first sheet, the rules and the tenant's departments and roles. */
    template: async (auth: TAuth) => {
      const { depts, roles } = await scoped(auth, async (tx) => ({
        depts: toDeptTree(await deptRepository.list(tx, auth.tenantId)),
        roles: await roleRepository.list(tx, auth.tenantId, { status: 'active' }),
      }));
      const book = new ExcelJS.Workbook();
      const sheet = book.addWorksheet('员工');
      sheet.columns = importColumns.map((c) => ({ header: c.isRequired ? `${c.header}*` : c.header, width: 20 }));
      sheet.getRow(1).font = { bold: true };
      sheet.getColumn(3).numFmt = '@';
      const help = book.addWorksheet('填写说明');
      help.columns = [
        { header: '列', width: 12 },
        { header: '说明', width: 60 },
      ];
      for (const c of importColumns) help.addRow([c.header, `${c.isRequired ? '必填。' : '选填。'}${c.note}`]);
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
      const buffer = Buffer.from(await book.xlsx.writeBuffer());
      return fileDownload(buffer, '员工导入模板.xlsx');
    },
  };
};
