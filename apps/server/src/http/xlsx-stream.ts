import { Transform } from 'node:stream';
import { ExcelJS } from './exceljs.js';

export type TCell = string | number | Date | null;
export type TColumn<T> = { header: string; width?: number; value: (row: T) => TCell };

/**
 * Takes one batch of rows into the file; resolves when the batch has been compressed and the
 * client can take more, so a download holds about one batch in memory. Rejects with
 * `DownloadAbandoned` (download.ts) once the client is gone: the reader stops there, and a
 * reader inside a transaction rolls it back.
 */
export type TRowSink<T> = (rows: readonly T[]) => Promise<void>;
/** Reads every row into the sink, batch by batch, and resolves when there are no more. */
export type TRowSource<T> = (sink: TRowSink<T>) => Promise<void>;

/** Rows read in batches, each batch its own short query; `next(offset)` answers [] when done. */
export const batchedRows =
  <T>(next: (offset: number) => Promise<T[]>): TRowSource<T> =>
  async (sink) => {
    for (let offset = 0; ; ) {
      const batch = await next(offset);
      if (batch.length === 0) return;
      await sink(batch);
      offset += batch.length;
    }
  };

/** Rows already in memory (a ranking of a few dozen people). */
export const rowsInMemory =
  <T>(rows: readonly T[]): TRowSource<T> =>
  async (sink) => {
    if (rows.length) await sink(rows);
  };

/**
 * An xlsx file written row by row into `stream`. exceljs queues whatever it is given (no
 * backpressure), so the bytes it has compressed are counted: a count that stopped moving while
 * the stream has room means the rows given so far have left (download.ts waits for that).
 */
export const xlsxWriter = <T>(sheetName: string, columns: TColumn<T>[]) => {
  let produced = 0;
  const stream = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      produced += chunk.length;
      done(null, chunk);
    },
  });
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream, useStyles: true });
  const sheet = workbook.addWorksheet(sheetName);
  sheet.columns = columns.map((c) => ({ header: c.header, width: c.width ?? 18 }));
  sheet.getRow(1).font = { bold: true };
  return {
    stream,
    /** Compressed bytes produced so far. */
    produced: () => produced,
    /** Rows already turned into cells (download.ts does that before sending anything). */
    add: (cells: TCell[][]) => {
      for (const row of cells) sheet.addRow(row).commit();
    },
    /** Resolves once the whole file has been handed to the stream's reader. */
    end: async () => {
      sheet.commit();
      await workbook.commit();
    },
  };
};

export type TXlsxWriter<T> = ReturnType<typeof xlsxWriter<T>>;
