import crypto from 'node:crypto';
import { type TLogResult, type TRouteInput, toPage, uploadLimits } from '@yunhu/contract';
import type { TDatabase, TDb } from '../../db/client.js';
import { withTenant } from '../../db/tenant.js';
import type { TAuditEntry, TAuditLog } from '../../http/bind.js';
import type { TAuth, TRequestContext } from '../../http/context.js';
import type { TColumn } from '../../http/xlsx-stream.js';
import type { TObjectStore } from '../../storage/index.js';
import { auditSummary } from './audit-summary.js';
import { fileNameProblem, mimeOf, sniffFileType, type TFileType } from './file-type.js';
import { systemErrors as errors } from './system.errors.js';
import { systemRepository as repo, type TLogFilter } from './system.repository.js';

const uploadUrlPrefix = '/base/sys/oss/file/';
type TLogRow = NonNullable<Awaited<ReturnType<typeof repo.findLog>>>;
const toLog = (r: TLogRow) => ({
  id: r.id,
  userName: r.userName,
  realName: r.realName,
  module: r.module,
  summary: r.summary,
  route: r.route,
  ip: r.ip,
  result: r.result as TLogResult,
  message: r.message,
  createdAt: r.createdAt.getTime(),
});

const moduleNames: Record<string, string> = {
  auth: '登录认证',
  org: '组织用户',
  system: '系统管理',
  platform: '平台管理',
};

const logRow = (entry: Omit<TAuditEntry, 'result' | 'message'>, result: TLogResult, message: string) => ({
  tenantId: entry.subject.tenantId,
  userId: entry.subject.userId,
  userName: entry.subject.userName,
  realName: entry.subject.realName,
  module: moduleNames[entry.route.module] ?? entry.route.module,
  summary: entry.route.summary,
  route: `${entry.route.method} ${entry.route.path}`,
  ip: entry.ip,
  result,
  message: message.slice(0, 500),
  detail: auditSummary(entry.input),
});

/** The operation log's download columns. */
export const logColumns: TColumn<TLogRow>[] = [
  { header: '操作时间', width: 22, value: (r) => r.createdAt.toLocaleString('zh-CN', { hour12: false }) },
  { header: '账号', value: (r) => r.userName },
  { header: '姓名', value: (r) => r.realName },
  { header: '模块', value: (r) => r.module },
  { header: '操作', width: 24, value: (r) => r.summary },
  { header: '结果', width: 10, value: (r) => (r.result === 'success' ? '成功' : '失败') },
  { header: '说明', width: 30, value: (r) => r.message },
  { header: 'IP', value: (r) => r.ip },
];

/**
 * The kinds a particular upload accepts, and what to tell the user otherwise; a private upload is
 * never served by the public file route (its area serves it to those who may read it).
 */
export type TUploadAccept = { types: readonly TFileType[]; refusal: string; isPrivate?: boolean };

/** An uploaded file as the route read it from the request (`undefined`: none came). */
export type TUploadFile = { filename: string; buffer: Buffer; isTruncated: boolean };

/** A stored upload, found by the name it is served under. */
export type TStoredFile = { name: string; originalName: string; type: string; body: Buffer };

/** A private upload as `privateUpload` reads it back; its body only when asked for. */
export type TPrivateUpload = {
  tenantId: number;
  originalName: string;
  type: string;
  mime: string;
  size: number;
  body: Buffer | null;
};

export type TSystemService = ReturnType<typeof createSystemService>;

export const createSystemService = (deps: { database: TDatabase; objects: TObjectStore }) => {
  const { database, objects } = deps;
  /** Where an upload's file is kept in the object store (the data folder's `uploads/`, or the bucket). */
  const objectKey = (name: string) => `uploads/${name}`;

  return {
    /** The binder's operation log: each row in a transaction of its own, before and after the action. */
    audit: {
      begin: (entry: Omit<TAuditEntry, 'result' | 'message'>) =>
        withTenant(database, entry.subject.tenantId, (tx) => repo.insertLog(tx, logRow(entry, 'pending', ''))),
      end: async (id: number, tenantId: number, result: 'success' | 'failure', message: string) => {
        await withTenant(database, tenantId, (tx) => repo.settleLog(tx, tenantId, id, result, message.slice(0, 500)));
      },
      write: async (entry: TAuditEntry) => {
        await withTenant(database, entry.subject.tenantId, (tx) =>
          repo.insertLog(tx, logRow(entry, entry.result, entry.message)),
        );
      },
    } satisfies TAuditLog,

    logPage: async ({ auth, tx }: TRequestContext, input: TRouteInput<'system', 'logPage'>) => {
      const { page, limit, ...filter } = input;
      const { records, total } = await repo.logPage(tx, auth.tenantId, filter, page, limit);
      return toPage(records.map(toLog), total, input);
    },

    logInfo: async ({ auth, tx }: TRequestContext, id: number) => {
      const row = await repo.findLog(tx, auth.tenantId, id);
      if (!row) throw errors.logMissing();
      return { ...toLog(row), detail: JSON.stringify(row.detail ?? {}, null, 2) };
    },

    /** The filtered log's rows (read when the download is sent) and the file's name; columns: `logColumns`. */
    logExport: ({ auth }: TRequestContext, filter: TLogFilter) => ({
      rows: repo.logRows(database, auth.tenantId, filter),
      fileName: `操作日志_${new Date().toISOString().slice(0, 10)}.xlsx`,
      sheetName: '操作日志',
    }),

    myNoticePage: async ({ auth, tx }: TRequestContext, input: TRouteInput<'system', 'myNoticePage'>) => {
      const isRead = input.isRead === undefined ? undefined : input.isRead === '1';
      const { records, total } = await repo.noticePage(tx, auth.tenantId, auth.userId, isRead, input.page, input.limit);
      const unreadCount = await repo.unreadCount(tx, auth.tenantId, auth.userId);
      return {
        ...toPage(
          records.map((r) => ({ ...r, createdAt: r.createdAt.getTime(), isRead: Boolean(r.isRead) })),
          total,
          input,
        ),
        unreadCount,
      };
    },

    noticeRead: async ({ auth, tx }: TRequestContext, input: TRouteInput<'system', 'noticeRead'>) => {
      if (!input.all && !input.ids?.length) throw errors.noNoticeChosen();
      await repo.markRead(tx, auth.tenantId, auth.userId, input.all ? 'all' : input.ids!);
      return { unreadCount: await repo.unreadCount(tx, auth.tenantId, auth.userId) };
    },

    /**
     * A notice to one person's bell (the CRM release reminder, a low balance), written in the caller's
     * transaction; `link` is the screen it is about, which the bell opens.
     */
    notifyUsers: (
      db: TDb,
      rows: { tenantId: number; userId: number; title: string; content: string; link?: string }[],
    ) =>
      repo.insertUserNotices(
        db,
        rows.map((r) => ({ ...r, publisher: '系统通知' })),
      ),

    /**
     * A notice to every user of the given tenants (an agent's to its enterprises), written
     * in the caller's transaction; returns its id. The caller checked the tenants are its to address.
     */
    notifyTenants: (db: TDb, row: { title: string; content: string; publisher: string; tenantIds: number[] }) =>
      repo.insertTenantNotice(db, row),

    dictByType: ({ tx }: TRequestContext, dictType: string) => repo.dictByType(tx, dictType),

    /** Public (the sign-in page's brand): no session, no tenant transaction. */
    brandOptions: async (input: TRouteInput<'system', 'brandOptions'>) => ({
      data: await repo.brandOptions(database.db, input.host.toLowerCase(), input.showDefault === 1),
    }),

    /**
     * Stores one uploaded file after checking its name, size and real type (and, for a caller such as
     * the licence upload, the kinds it accepts): a refused file leaves nothing. The file is stored
     * before its row is written and removed if the row's transaction fails, so no row is without its
     * file and no orphan stays behind (nothing serves a file whose row is not committed). Its route is
     * detached: the body is read with no transaction open, and the row gets a short one of its own.
     */
    upload: async (auth: TAuth, file: TUploadFile | undefined, accept?: TUploadAccept) => {
      if (!file) throw errors.fileMissing();
      const { buffer } = file;
      if (file.isTruncated) throw errors.fileTooLarge(uploadLimits.maxBytes / 1024 / 1024);
      const badName = fileNameProblem(file.filename);
      if (badName) throw errors.fileNameBad(badName);
      if (buffer.length === 0) throw errors.fileEmpty();
      const type = sniffFileType(buffer);
      // Word files are taken only where an upload asks for them.
      if (!type || (!accept && !(uploadLimits.types as readonly string[]).includes(type))) {
        throw errors.fileTypeUnknown();
      }
      if (accept && !accept.types.includes(type)) throw errors.fileTypeRefused(accept.refusal);
      const key = crypto.randomBytes(16).toString('hex');
      const name = `${key}.${type}`;
      await objects.put(objectKey(name), buffer, mimeOf[type]);
      try {
        await withTenant(database, auth.tenantId, (tx) =>
          repo.insertUpload(tx, {
            tenantId: auth.tenantId,
            userId: auth.userId,
            key,
            originalName: file.filename,
            type,
            size: buffer.length,
            isPrivate: accept?.isPrivate ?? false,
          }),
        );
      } catch (error) {
        // The row rolled back (or was never written): its file goes too.
        await objects.remove(objectKey(name));
        throw error;
      }
      return { url: `${uploadUrlPrefix}${name}`, name: file.filename, size: buffer.length, type };
    },

    /**
     * Uploaded files are served under an unguessable key (128-bit), like public-read object storage
     * (a public route: no tenant transaction). The route decides how it is shown (file-type.ts).
     */
    uploadFile: async (name: string): Promise<TStoredFile> => {
      const match = /^([0-9a-f]{32})\.(png|jpg|gif|webp|pdf)$/.exec(name);
      const row = match ? await repo.findUploadByKey(database.db, match[1]!) : null;
      if (!row || row.type !== match?.[2] || row.isPrivate) throw errors.fileMissingOnDisk();
      const body = await objects.read(objectKey(name));
      if (!body) throw errors.fileMissingOnDisk();
      return { name, originalName: row.originalName, type: row.type, body };
    },

    /**
     * A private upload by the name it was answered with (`<key>.<type>`), its file read when `withBody`;
     * null when there is none the transaction sees. The caller decides who may read it.
     */
    privateUpload: async (db: TDb, name: string, withBody = false): Promise<TPrivateUpload | null> => {
      const match = /^([0-9a-f]{32})\.(png|jpg|gif|webp|pdf|doc|docx)$/.exec(name);
      const row = match ? await repo.findUploadByKey(db, match[1]!) : null;
      if (!row || row.type !== match?.[2] || !row.isPrivate) return null;
      const body = withBody ? await objects.read(objectKey(name)) : null;
      if (withBody && !body) return null;
      return {
        tenantId: row.tenantId,
        originalName: row.originalName,
        type: row.type,
        mime: mimeOf[row.type]!,
        size: row.size,
        body,
      };
    },

    /** Whether an image URL is one of the caller's enterprise's uploads (read in the request's transaction). */
    isOwnUpload: async (tx: TDb, auth: TAuth, url: string) => {
      const match = new RegExp(`^${uploadUrlPrefix}([0-9a-f]{32})\\.(png|jpg|gif|webp)$`).exec(url);
      if (!match) return false;
      const row = await repo.findUploadByKey(tx, match[1]!);
      return row?.tenantId === auth.tenantId && !row.isPrivate;
    },
  };
};
