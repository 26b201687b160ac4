import { PassThrough } from 'node:stream';
import ExcelJS from 'exceljs';

export type TColumn<T> = { header: string; width?: number; value: (row: T) => string | number | Date | null };

/**
 * Streams rows into an xlsx file batch by batch: memory stays bounded by one batch, whatever the
 * number of rows. `nextBatch(offset)` returns an empty array when done.
 */
export const streamXlsx = <T>(
  sheetName: string,
  columns: TColumn<T>[],
  nextBatch: (offset: number) => Promise<T[]>,
) => {
  const out = new PassThrough();
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: true });
  const sheet = workbook.addWorksheet(sheetName);
  sheet.columns = columns.map((c) => ({ header: c.header, width: c.width ?? 18 }));
  sheet.getRow(1).font = { bold: true };
  (async () => {
    let offset = 0;
    for (;;) {
      const batch = await nextBatch(offset);
      if (batch.length === 0) break;
      for (const row of batch) sheet.addRow(columns.map((c) => c.value(row))).commit();
      offset += batch.length;
    }
    sheet.commit();
    await workbook.commit();
  })().catch((error: unknown) => out.destroy(error as Error));
  return out;
};
