import type { Readable } from 'node:stream';
import type { FastifyReply } from 'fastify';

/** Sends a file download with its Chinese name (RFC 5987) so the browser saves it as such. */
export const sendDownload = (
  reply: FastifyReply,
  fileName: string,
  mime: string,
  body: Readable | Buffer,
): FastifyReply =>
  reply
    .header('Content-Type', mime)
    .header('Content-Disposition', `attachment; filename="download"; filename*=UTF-8''${encodeURIComponent(fileName)}`)
    .header('Cache-Control', 'no-store')
    .send(body);

export const xlsxMime = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
