import type { FastifyReply } from 'fastify';
import { type TColumn, type TRowSink, type TRowSource, type TXlsxWriter, xlsxWriter } from './xlsx-stream.js';

export const xlsxMime = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** A download whose client has gone (or stopped reading): thrown into its row reader to stop it. */
export class DownloadAbandoned extends Error {}

/** A download that has not taken a byte for this long is given up, so a silent client cannot hold a transaction. */
export const downloadStallMs = 60_000;

const attachment = (reply: FastifyReply, fileName: string, mime: string) =>
  reply
    .header('Content-Type', mime)
    // The Chinese name per RFC 5987, so the browser saves it as such.
    .header('Content-Disposition', `attachment; filename="download"; filename*=UTF-8''${encodeURIComponent(fileName)}`)
    .header('Cache-Control', 'no-store');

/**
 * What a download route returns: the binder sends it once the request's transaction
 * has ended, so services never see Fastify's reply.
 */
export type TDownload =
  | { kind: 'file'; fileName: string; mime: string; body: Buffer }
  // biome-ignore lint/suspicious/noExplicitAny: the row type is the route's own; columns and rows agree by construction.
  | { kind: 'xlsx'; fileName: string; sheetName: string; columns: TColumn<any>[]; rows: TRowSource<any> };

/** The one export: rows read at the client's pace into an xlsx file named `fileName`. */
export const streamXlsx = <T>(
  rows: TRowSource<T>,
  columns: TColumn<T>[],
  fileName: string,
  sheetName = fileName.replace(/\.xlsx$/, ''),
): TDownload => ({ kind: 'xlsx', fileName, sheetName, columns, rows });

/** A file already whole in memory (an import template, a result report, a stored upload). */
export const fileDownload = (body: Buffer, fileName: string, mime = xlsxMime): TDownload => ({
  kind: 'file',
  fileName,
  mime,
  body,
});

export const isDownload = (value: unknown): value is TDownload =>
  typeof value === 'object' && value !== null && 'kind' in value && (value.kind === 'file' || value.kind === 'xlsx');

/** Sends what a download route returned. */
export const sendDownloadOf = async (reply: FastifyReply, download: TDownload): Promise<void> => {
  if (download.kind === 'file') sendDownload(reply, download.fileName, download.mime, download.body);
  else await sendXlsx<unknown>(reply, download);
};

/** A file already whole in memory (the import templates): nothing is held while it is sent. */
export const sendDownload = (reply: FastifyReply, fileName: string, mime: string, body: Buffer): FastifyReply =>
  attachment(reply, fileName, mime).send(body);

const sleep = (ms: number) => new Promise((done) => setTimeout(done, ms));

/**
 * Waits until the rows just given have left: the compressor has gone quiet and the stream is
 * flowing to the socket (or, with `isDone`, until that says so). Throws when the client is gone
 * or has taken nothing for `downloadStallMs`.
 */
const settle = async <T>(
  writer: TXlsxWriter<T>,
  gone: () => DownloadAbandoned | null,
  opts: { pollMs: number; isDone?: () => boolean } = { pollMs: 5 },
) => {
  const sent = () => writer.produced() - writer.stream.readableLength;
  let last = { produced: writer.produced(), sent: sent() };
  let movedAt = Date.now();
  for (;;) {
    const error = gone();
    if (error) throw error;
    await sleep(opts.pollMs);
    if (opts.isDone?.()) return;
    const now = { produced: writer.produced(), sent: sent() };
    const hasMoved = now.produced !== last.produced || now.sent !== last.sent;
    last = now;
    if (hasMoved) {
      movedAt = Date.now();
      continue;
    }
    // The response pipe pauses the stream while the socket is full (and the buffer then fills).
    const isFull =
      writer.stream.readableFlowing === false || writer.stream.readableLength >= writer.stream.readableHighWaterMark;
    if (!isFull && !opts.isDone) return;
    if (Date.now() - movedAt > downloadStallMs) throw new DownloadAbandoned('下载长时间无进展，已中止');
  }
};

/**
 * The one way a list is downloaded as xlsx. It owns the download's life:
 * - nothing is sent until the first batch has been read, so a refused filter or a failing first
 *   query is answered in the `{code,msg,data}` envelope, never under a file's headers;
 * - the reader goes at the client's pace, one batch at a time;
 * - when the client goes away (or stops reading) the reader is stopped with `DownloadAbandoned`,
 *   so its cursor transaction rolls back and its connection returns to the pool;
 * - an error after the headers destroys the connection: the client sees a broken download, not a
 *   file that looks whole.
 * Resolves when the headers are sent (or the client left before them); the rest streams on.
 */
export const sendXlsx = <T>(
  reply: FastifyReply,
  spec: { fileName: string; sheetName: string; columns: TColumn<T>[]; rows: TRowSource<T> },
): Promise<FastifyReply> =>
  new Promise<FastifyReply>((resolve, reject) => {
    const res = reply.raw;
    let abandoned: DownloadAbandoned | null = null;
    let onAbandoned: (error: DownloadAbandoned) => void = () => undefined;
    const whenAbandoned = new Promise<never>((_, fail) => {
      onAbandoned = fail;
    });
    whenAbandoned.catch(() => undefined);
    const abandon = (error: DownloadAbandoned) => {
      abandoned ??= error;
      onAbandoned(abandoned);
    };
    const onClose = () => {
      if (!res.writableFinished) abandon(new DownloadAbandoned('客户端已断开'));
    };
    res.on('close', onClose);
    if (res.destroyed) onClose();

    let writer: TXlsxWriter<T> | null = null;
    const start = () => {
      const w = xlsxWriter(spec.sheetName, spec.columns);
      writer = w;
      attachment(reply, spec.fileName, xlsxMime).send(w.stream);
      resolve(reply);
      return w;
    };
    const sink: TRowSink<T> = async (rows) => {
      if (abandoned) throw abandoned;
      // Cells first: a value that cannot be shown fails the first batch before the headers go.
      const cells = rows.map((row) => spec.columns.map((c) => c.value(row)));
      const w = writer ?? start();
      w.add(cells);
      await settle(w, () => abandoned);
    };
    spec
      .rows(sink)
      .then(async () => {
        if (abandoned) throw abandoned;
        const w = writer ?? start();
        // The file's tail is under the same rule: a client gone or silent does not hold it.
        let isEnded = false;
        const ended = w.end().finally(() => {
          isEnded = true;
        });
        await Promise.race([ended, whenAbandoned, settle(w, () => abandoned, { pollMs: 1000, isDone: () => isEnded })]);
      })
      .catch((error: unknown) => {
        if (!writer && !abandoned) {
          // Nothing sent yet: the error handler answers in the envelope.
          reject(error);
          return;
        }
        if (!(error instanceof DownloadAbandoned)) reply.log.error({ err: error }, 'download failed after its headers');
        if (!writer) reply.hijack();
        writer?.stream.destroy();
        res.destroy();
        resolve(reply);
      })
      .finally(() => res.off('close', onClose));
  });
