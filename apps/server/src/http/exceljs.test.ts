import { createRequire } from 'node:module';
import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { ExcelJS } from './exceljs.js';

type TEvent = { eventType: string; value: unknown };
type TParseSax = (source: AsyncIterable<Buffer | string>) => AsyncIterable<TEvent[]>;

// The parser exceljs's readers use, as installed (with patches/exceljs+4.4.0.patch applied).
const parseSax = createRequire(import.meta.url)('exceljs/lib/utils/parse-sax.js') as TParseSax;

/** Every batch of events the parser yields for these chunks. */
const batchesOf = async (chunks: (Buffer | string)[]) => {
  const batches: TEvent[][] = [];
  for await (const events of parseSax(
    (async function* () {
      yield* chunks;
    })(),
  ))
    batches.push(events);
  return batches;
};

const textOf = (batches: TEvent[][]) =>
  batches
    .flat()
    .filter((e) => e.eventType === 'text')
    .map((e) => e.value as string)
    .join('');

const sheetOf = (rows: number) => {
  const names = Array.from({ length: rows }, (_, i) => `导入客户${i}第${i}行`);
  const xml = `<sheetData>${names.map((n, i) => `<row r="${i + 1}"><c t="inlineStr"><is><t>${n}</t></is></c></row>`).join('')}</sheetData>`;
  return { names, xml: Buffer.from(xml) };
};

describe("exceljs's XML parser, as installed", () => {
  it('keeps a Chinese character whole when a chunk ends inside it', async () => {
    const xml = Buffer.from('<root>大家好，才是真的好</root>');
    // Byte 20 is inside 才 (three bytes from 18).
    expect(textOf(await batchesOf([xml.subarray(0, 20), xml.subarray(20)]))).toBe('大家好，才是真的好');
  });

  it('turns a 64 KB read into batches of at most 8 KB of XML, every row and character whole', async () => {
    const { names, xml } = sheetOf(3000);
    // The reads exceljs makes of a worksheet parked in a temp file: 64 KB each.
    const reads = Array.from({ length: Math.ceil(xml.length / 65536) }, (_, i) =>
      xml.subarray(i * 65536, (i + 1) * 65536),
    );
    const batches = await batchesOf(reads);
    expect(batches.length).toBeGreaterThanOrEqual(Math.ceil(xml.length / 8192));
    const rowsPerBatch = batches.map(
      (b) => b.filter((e) => e.eventType === 'closetag' && (e.value as { name: string }).name === 'row').length,
    );
    const rowBytes = Buffer.byteLength(`<row r="1"><c t="inlineStr"><is><t>${names[0]}</t></is></c></row>`);
    expect(Math.max(...rowsPerBatch)).toBeLessThanOrEqual(Math.ceil(8192 / rowBytes) + 1);
    expect(textOf(batches)).toBe(names.join(''));
  });

  it('feeds a text source as it comes and reports malformed XML', async () => {
    expect(textOf(await batchesOf(['<a><b>中文</b></a>']))).toBe('中文');
    await expect(batchesOf([Buffer.from('<a><b></a>')])).rejects.toThrow();
  });

  it('reads back a workbook with Chinese text through the streaming reader', async () => {
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet('客户');
    const names = Array.from({ length: 5000 }, (_, i) => `客户名称${i}号北京市朝阳区`);
    for (const name of names) sheet.addRow([name]);
    const buffer = Buffer.from(await workbook.xlsx.writeBuffer());
    const read: string[] = [];
    // Odd-sized pieces, so the inflated chunks end anywhere.
    const pieces = Array.from({ length: Math.ceil(buffer.length / 7001) }, (_, i) =>
      buffer.subarray(i * 7001, (i + 1) * 7001),
    );
    const reader = new ExcelJS.stream.xlsx.WorkbookReader(Readable.from(pieces), { sharedStrings: 'cache' });
    for await (const worksheet of reader) {
      for await (const row of worksheet) read.push(String(row.getCell(1).value));
    }
    expect(read).toEqual(names);
  });
});
