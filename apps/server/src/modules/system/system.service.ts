import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { MultipartFile } from '@fastify/multipart';
import { type TLogResult, uploadLimits } from '@yunhu/contract';
import type { FastifyReply } from 'fastify';
import type { TDatabase, TDb } from '../../db/client.js';
import { withTenant } from '../../db/tenant.js';
import type { TAuditEntry, TAuditLog } from '../../http/bind.js';
import type { TAuth } from '../../http/context.js';
import { sendXlsx } from '../../http/download.js';
import { invalid, notFound } from '../../http/errors.js';
import { batchedRows } from '../../http/xlsx-stream.js';
import { auditSummary } from './audit-summary.js';
import { fileNameProblem, isInlineType, mimeOf, sniffFileType, type TFileType } from './file-type.js';
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

/** The kinds a particular upload accepts, and what to tell the user otherwise. */
export type TUploadAccept = { types: readonly TFileType[]; refusal: string };

export type TSystemService = ReturnType<typeof createSystemService>;

export const createSystemService = (deps: { database: TDatabase; dataDir: string }) => {
  const { database } = deps;
  const uploadDir = path.join(deps.dataDir, 'uploads');
  const scoped = <T>(auth: TAuth, fn: Parameters<typeof withTenant<T>>[2]) => withTenant(database, auth.tenantId, fn);

  return {
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

    logPage: async (auth: TAuth, input: TLogFilter & { page: number; limit: number }) => {
      const { page, limit, ...filter } = input;
      const { records, total } = await scoped(auth, (tx) => repo.logPage(tx, auth.tenantId, filter, page, limit));
      return { records: records.map(toLog), total, size: limit, current: page, pages: Math.ceil(total / limit) };
    },

    logInfo: async (auth: TAuth, id: number) => {
      const row = await scoped(auth, (tx) => repo.findLog(tx, auth.tenantId, id));
      if (!row) throw notFound('日志不存在');
      return { ...toLog(row), detail: JSON.stringify(row.detail ?? {}, null, 2) };
    },

    logExport: (auth: TAuth, filter: TLogFilter, reply: FastifyReply) =>
      sendXlsx(reply, {
        fileName: `操作日志_${new Date().toISOString().slice(0, 10)}.xlsx`,
        sheetName: '操作日志',
        columns: [
          {
            header: '操作时间',
            width: 22,
            value: (r: TLogRow) => r.createdAt.toLocaleString('zh-CN', { hour12: false }),
          },
          { header: '账号', value: (r) => r.userName },
          { header: '姓名', value: (r) => r.realName },
          { header: '模块', value: (r) => r.module },
          { header: '操作', width: 24, value: (r) => r.summary },
          { header: '结果', width: 10, value: (r) => (r.result === 'success' ? '成功' : '失败') },
          { header: '说明', width: 30, value: (r) => r.message },
          { header: 'IP', value: (r) => r.ip },
        ],
        rows: batchedRows((offset) => scoped(auth, (tx) => repo.logBatch(tx, auth.tenantId, filter, offset, 1000))),
      }),

    myNoticePage: async (auth: TAuth, input: { page: number; limit: number; isRead?: '0' | '1' }) => {
      const isRead = input.isRead === undefined ? undefined : input.isRead === '1';
      const { records, total } = await repo.noticePage(
        database.db,
        auth.tenantId,
        auth.userId,
        isRead,
        input.page,
        input.limit,
      );
      const unreadCount = await repo.unreadCount(database.db, auth.tenantId, auth.userId);
      return {
        records: records.map((r) => ({ ...r, createdAt: r.createdAt.getTime(), isRead: Boolean(r.isRead) })),
        total,
        size: input.limit,
        current: input.page,
        pages: Math.ceil(total / input.limit),
        unreadCount,
      };
    },

    noticeRead: async (auth: TAuth, input: { ids?: number[]; all?: boolean }) => {
      if (!input.all && !input.ids?.length) throw invalid('请选择要标记的通知');
      await repo.markRead(database.db, auth.tenantId, auth.userId, input.all ? 'all' : input.ids!);
      return { unreadCount: await repo.unreadCount(database.db, auth.tenantId, auth.userId) };
    },

    /** A notice to one person's bell (the CRM release reminder), written in the caller's transaction. */
    notifyUsers: (db: TDb, rows: { tenantId: number; userId: number; title: string; content: string }[]) =>
      repo.insertUserNotices(
        db,
        rows.map((r) => ({ ...r, publisher: '系统通知' })),
      ),

    dictByType: (dictType: string) => repo.dictByType(database.db, dictType),

    brandOptions: async (input: { host: string; showDefault: number }) => ({
      data: await repo.brandOptions(database.db, input.host.toLowerCase(), input.showDefault === 1),
    }),

    /**
     * Stores one uploaded file after checking its name, size and real type (and, for a caller such as
     * the licence upload, the kinds it accepts): a refused file leaves nothing. It is written under a
     * temporary name and renamed in the transaction of its row, removed on any failure, so neither an
     * orphan file nor a row without its file stays behind.
     */
    upload: async (auth: TAuth, file: MultipartFile | undefined, accept?: TUploadAccept) => {
      if (!file) throw invalid('请选择要上传的文件（字段：file）');
      const buffer = await file.toBuffer();
      if (file.file.truncated) throw invalid(`文件不能超过${uploadLimits.maxBytes / 1024 / 1024}MB`);
      const badName = fileNameProblem(file.filename);
      if (badName) throw invalid(badName);
      if (buffer.length === 0) throw invalid('文件内容为空');
      const type = sniffFileType(buffer.subarray(0, 16));
      if (!type) throw invalid('只支持 PNG、JPG、GIF、WEBP 图片或 PDF 文件');
      if (accept && !accept.types.includes(type)) throw invalid(accept.refusal);
      const key = crypto.randomBytes(16).toString('hex');
      const name = `${key}.${type}`;
      const final = path.join(uploadDir, name);
      // A dot-name the file route's pattern never matches, so a half-written file is never served.
      const temp = path.join(uploadDir, `.${key}.part`);
      await fs.promises.mkdir(uploadDir, { recursive: true });
      try {
        await fs.promises.writeFile(temp, buffer, { flag: 'wx' });
        await scoped(auth, async (tx) => {
          await repo.insertUpload(tx, {
            tenantId: auth.tenantId,
            userId: auth.userId,
            key,
            originalName: file.filename,
            type,
            size: buffer.length,
          });
          await fs.promises.rename(temp, final);
        });
      } catch (error) {
        // The row rolled back (or was never written): its file goes too, under either name.
        await Promise.all([fs.promises.rm(temp, { force: true }), fs.promises.rm(final, { force: true })]);
        throw error;
      }
      return { url: `${uploadUrlPrefix}${name}`, name: file.filename, size: buffer.length, type };
    },

    /**
     * Uploaded files are served under an unguessable key (128-bit), like public-read object storage.
     * Only raster images are shown inline; anything else is an attachment, and nothing is sniffed.
     */
    uploadFile: async (name: string, reply: FastifyReply) => {
      const match = /^([0-9a-f]{32})\.(png|jpg|gif|webp|pdf)$/.exec(name);
      const row = match ? await repo.findUploadByKey(database.db, match[1]!) : null;
      if (!row || row.type !== match?.[2]) throw notFound('文件不存在');
      const body = await fs.promises.readFile(path.join(uploadDir, name)).catch(() => null);
      if (!body) throw notFound('文件不存在');
      const fileName = encodeURIComponent(row.originalName || name);
      return reply
        .header('Content-Type', mimeOf[row.type] ?? 'application/octet-stream')
        .header(
          'Content-Disposition',
          `${isInlineType(row.type) ? 'inline' : 'attachment'}; filename="${name}"; filename*=UTF-8''${fileName}`,
        )
        .header('Cache-Control', 'private, max-age=86400')
        .header('X-Content-Type-Options', 'nosniff')
        .send(body);
    },

    isOwnUpload: async (auth: TAuth, url: string) => {
      const match = new RegExp(`^${uploadUrlPrefix}([0-9a-f]{32})\\.(png|jpg|gif|webp)$`).exec(url);
      if (!match) return false;
      const row = await repo.findUploadByKey(database.db, match[1]!);
      return row?.tenantId === auth.tenantId;
    },
  };
};
