import { once } from 'node:events';
import zlib from 'node:zlib';
import { ExcelJS } from './exceljs.js';

/**
 * Hostile spreadsheets for the reader's tests: a zip written by hand, so an entry can inflate to far
 * more than it says (or than any sound file holds) while the upload stays a few hundred KB.
 */
export type TZipEntry = {
  name: string;
  /** The entry's content: `head`, then `repeat` `times` times, then `tail`. */
  head?: string;
  repeat?: string;
  times?: number;
  tail?: string;
  /** After `repeat`: `each(i)` for i from 0 to `count` - 1 (rows that differ, such as their numbers). */
  each?: (i: number) => string;
  count?: number;
  /** The uncompressed size written in the headers; the real one when absent (a lying zip sets it). */
  declaredSize?: number;
};

const deflateEntry = async (e: TZipEntry) => {
  const deflate = zlib.createDeflateRaw({ level: 9 });
  const out: Buffer[] = [];
  deflate.on('data', (c: Buffer) => out.push(c));
  const ended = once(deflate, 'end');
  let size = 0;
  const write = async (s: string) => {
    const b = Buffer.from(s);
    size += b.length;
    if (!deflate.write(b)) await once(deflate, 'drain');
  };
  if (e.head) await write(e.head);
  if (e.repeat) {
    // Repeated in blocks of ~1 MB: one write per block instead of one per repetition.
    const per = Math.max(1, Math.floor(1_000_000 / Buffer.byteLength(e.repeat)));
    const block = e.repeat.repeat(per);
    let left = e.times ?? 1;
    for (; left >= per; left -= per) await write(block);
    if (left > 0) await write(e.repeat.repeat(left));
  }
  if (e.each) for (let i = 0; i < (e.count ?? 0); i++) await write(e.each(i));
  if (e.tail) await write(e.tail);
  deflate.end();
  await ended;
  return { data: Buffer.concat(out), size };
};

/** A zip of the entries (deflated, sizes in the local headers, no data descriptors). */
export const zipOf = async (entries: TZipEntry[]): Promise<Buffer> => {
  const locals: Buffer[] = [];
  const central: Buffer[] = [];
  let offset = 0;
  for (const e of entries) {
    const { data, size } = await deflateEntry(e);
    const name = Buffer.from(e.name);
    const declared = e.declaredSize ?? size;
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(0x800, 6);
    local.writeUInt16LE(8, 8);
    local.writeUInt32LE(0, 14); // crc: neither exceljs nor the reader checks it
    local.writeUInt32LE(data.length, 18);
    local.writeUInt32LE(declared, 22);
    local.writeUInt16LE(name.length, 26);
    const cd = Buffer.alloc(46);
    cd.writeUInt32LE(0x02014b50, 0);
    cd.writeUInt16LE(20, 4);
    cd.writeUInt16LE(20, 6);
    cd.writeUInt16LE(0x800, 8);
    cd.writeUInt16LE(8, 10);
    cd.writeUInt32LE(data.length, 20);
    cd.writeUInt32LE(declared, 24);
    cd.writeUInt16LE(name.length, 28);
    cd.writeUInt32LE(offset, 42);
    locals.push(local, name, data);
    central.push(cd, name);
    offset += local.length + name.length + data.length;
  }
  const cdBytes = Buffer.concat(central);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(cdBytes.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, cdBytes, end]);
};

/** The entries of a sound one-sheet workbook made by exceljs, as text, to build a hostile one from. */
export const soundWorkbookEntries = async (): Promise<Map<string, string>> => {
  const book = new ExcelJS.Workbook();
  book.addWorksheet('客户').addRow(['客户名称', '手机号']);
  const zip = Buffer.from(await book.xlsx.writeBuffer());
  // Read back through the central directory (the test's own input, so no limits needed here).
  const entries = new Map<string, string>();
  const eocd = zip.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  let at = zip.readUInt32LE(eocd + 16);
  const count = zip.readUInt16LE(eocd + 10);
  for (let i = 0; i < count; i++) {
    const method = zip.readUInt16LE(at + 10);
    const csize = zip.readUInt32LE(at + 20);
    const nameLen = zip.readUInt16LE(at + 28);
    const extraLen = zip.readUInt16LE(at + 30);
    const commentLen = zip.readUInt16LE(at + 32);
    const localAt = zip.readUInt32LE(at + 42);
    const name = zip.subarray(at + 46, at + 46 + nameLen).toString();
    const dataAt = localAt + 30 + zip.readUInt16LE(localAt + 26) + zip.readUInt16LE(localAt + 28);
    const raw = zip.subarray(dataAt, dataAt + csize);
    entries.set(name, (method === 8 ? zlib.inflateRawSync(raw) : raw).toString());
    at += 46 + nameLen + extraLen + commentLen;
  }
  return entries;
};

/**
 * A workbook whose entries are those of a sound one, but with `replace` in place of some (or added):
 * e.g. a first sheet of a million rows, or a shared-strings table of a gigabyte.
 */
export const hostileWorkbook = async (replace: TZipEntry[]) => {
  const sound = await soundWorkbookEntries();
  const byName = new Map(replace.map((e) => [e.name, e]));
  const entries: TZipEntry[] = [...sound].map(([name, text]) => byName.get(name) ?? { name, head: text });
  for (const e of replace) if (!sound.has(e.name)) entries.push(e);
  return zipOf(entries);
};

/** Sheet xml around `rows` (a string of <row> elements). */
export const sheetXml = {
  head: '<?xml version="1.0" encoding="UTF-8" standalone="yes"?><worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData>',
  tail: '</sheetData></worksheet>',
};
