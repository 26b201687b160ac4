import type { systemRoutes } from '@yunhu/contract';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { detached, type THandlers } from '../../http/bind.js';
import { streamXlsx } from '../../http/download.js';
import { isInlineType, mimeOf } from './file-type.js';
import { logColumns, type TStoredFile, type TSystemService, type TUploadFile } from './system.service.js';

/** The one file of a multipart upload, read whole (the size limit is the multipart plugin's). */
export const readUpload = async (req: FastifyRequest): Promise<TUploadFile | undefined> => {
  const file = await req.file();
  if (!file) return undefined;
  const buffer = await file.toBuffer();
  return { filename: file.filename, buffer, isTruncated: file.file.truncated };
};

/** Only raster images are shown inline; anything else is an attachment, and nothing is sniffed. */
const sendStored = (reply: FastifyReply, file: TStoredFile) =>
  reply
    .header('Content-Type', mimeOf[file.type] ?? 'application/octet-stream')
    .header(
      'Content-Disposition',
      `${isInlineType(file.type) ? 'inline' : 'attachment'}; filename="${file.name}"; filename*=UTF-8''${encodeURIComponent(file.originalName || file.name)}`,
    )
    .header('Cache-Control', 'private, max-age=86400')
    .header('X-Content-Type-Options', 'nosniff')
    .send(file.body);

export const systemHandlers = (system: TSystemService): THandlers<typeof systemRoutes> => ({
  myNoticePage: (ctx) => system.myNoticePage(ctx, ctx.input),
  noticeRead: (ctx) => system.noticeRead(ctx, ctx.input),
  dictByType: (ctx) => system.dictByType(ctx, ctx.input.dictType),
  upload: detached(async (ctx) => system.upload(ctx.auth, await readUpload(ctx.req))),
  uploadFile: async (ctx) => sendStored(ctx.reply, await system.uploadFile(ctx.input.name)),
  brandOptions: (ctx) => system.brandOptions(ctx.input),
  logPage: (ctx) => system.logPage(ctx, ctx.input),
  logInfo: (ctx) => system.logInfo(ctx, ctx.input.id),
  logExport: async (ctx) => {
    const { rows, fileName, sheetName } = system.logExport(ctx, ctx.input);
    return streamXlsx(rows, logColumns, fileName, sheetName);
  },
});
