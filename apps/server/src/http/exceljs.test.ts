import { describe, expect, it } from 'vitest';
import { ExcelJS, parseSax, saxSliceBytes } from './exceljs.js';

type TEvent = { eventType: string; value: unknown };

/** Every batch of events the parser yields for these chunks. */
const batchesOf = async (chunks: Buffer[]) => {
  const batches: TEvent[][] = [];
  for await (const events of parseSax(
    (async function* () {
      yield* chunks;
    })(),
  ))
    batches.push(events as TEvent[]);
  return batches;
};

const sheetOf = (rows: number) => {
  const names = Array.from({ length: rows }, (_, i) => `导入客户${i}第${i}行`);
  const xml = `<sheetData>${names.map((n, i) => `<row r="${i + 1}"><c t="inlineStr"><is><t>${n}</t></is></c></row>`).join('')}</sheetData>`;
  return { names, xml: Buffer.from(xml) };
};

describe('exceljs XML parser (http/exceljs.ts)', () => {
  it('is the parser exceljs uses once loaded through this module', () => {
    // Loading exceljs here installs it (a process that loaded exceljs first is refused).
    expect(typeof ExcelJS.stream.xlsx.WorkbookReader).toBe('function');
    expect((parseSax as unknown as { isUtf8Safe?: boolean }).isUtf8Safe).toBe(true);
  });

  it('turns a 64 KB read into batches of at most one slice of XML (memory: no batch of ~200 rows held while they are checked)', async () => {
    const { names, xml } = sheetOf(3000);
    // The reads exceljs makes of a worksheet parked in a temp file: 64 KB each.
    const reads = Array.from({ length: Math.ceil(xml.length / 65536) }, (_, i) =>
      xml.subarray(i * 65536, (i + 1) * 65536),
    );
    const batches = await batchesOf(reads);
    const rowBytes = Math.min(
      ...names.map((n, i) => `<row r="${i + 1}"><c t="inlineStr"><is><t>${n}</t></is></c></row>`.length),
    );
    const rowsPerBatch = batches.map(
      (b) => b.filter((e) => e.eventType === 'closetag' && (e.value as { name: string }).name === 'row').length,
    );
    // At most a slice's worth of rows in any batch (a row cut by a slice's end closes in the next one).
    expect(Math.max(...rowsPerBatch)).toBeLessThanOrEqual(Math.ceil(saxSliceBytes / rowBytes) + 1);
    expect(batches.length).toBeGreaterThanOrEqual(Math.ceil(xml.length / saxSliceBytes));
    // Every row arrives, and every Chinese character whole, though slices end inside characters.
    const texts = batches
      .flat()
      .filter((e) => e.eventType === 'text')
      .map((e) => e.value as string);
    expect(texts.join('')).toBe(names.join(''));
    expect(texts.join('')).not.toContain('\uFFFD');
  });

  it('feeds a text source as it comes and reports malformed XML', async () => {
    const out: TEvent[] = [];
    for await (const events of parseSax(
      (async function* () {
        yield '<a><b>中文</b></a>';
      })(),
    ))
      out.push(...(events as TEvent[]));
    expect(out.filter((e) => e.eventType === 'text').map((e) => e.value)).toEqual(['中文']);
    await expect(batchesOf([Buffer.from('<a><b></a>')])).rejects.toThrow();
  });
});
