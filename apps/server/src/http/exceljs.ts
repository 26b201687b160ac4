import { createRequire } from 'node:module';
import path from 'node:path';
import { PassThrough } from 'node:stream';
import type * as ExcelJSTypes from 'exceljs';

/**
 * exceljs, with its XML decoding made safe for multi-byte text. Every server file takes exceljs from
 * here (the architecture test says so).
 *
 * exceljs 4.4 (`lib/utils/parse-sax.js`) turns each inflated chunk of a sheet into text on its own,
 * so a Chinese character whose three bytes straddle two chunks became two U+FFFD: 22 of 100,000
 * imported rows had a corrupted name or company (issue 13's import bench). Its readers take the
 * parser from the module cache when they load, so the corrected parser is put there before exceljs
 * itself is loaded, and a process that loaded exceljs first is refused rather than left corrupting.
 */
const require = createRequire(import.meta.url);
const root = path.dirname(require.resolve('exceljs/package.json'));
const parseSaxPath = path.join(root, 'lib/utils/parse-sax.js');
const fromExceljs = createRequire(parseSaxPath);

type TSaxEvent = { eventType: 'opentag' | 'text' | 'closetag'; value: unknown };
type TSaxParser = {
  on: (event: string, listener: (value: never) => void) => void;
  write: (text: string) => void;
};

/**
 * Bytes of XML parsed into one batch of events. exceljs hands the parser whatever its source reads
 * (a worksheet parked in a temp file comes in 64 KB reads: the events of ~200 rows, built at once
 * and held while those rows are checked one by one). Held that long, they outlive two scavenges and
 * are promoted: a 100,000-row import promoted 580 MB of such garbage to the old generation and the
 * server peaked at 363 MB RSS (issue 13). In 8 KB slices a batch dies young: 120 MB promoted, the
 * old generation's peak 230 → 100 MB.
 */
export const saxSliceBytes = 8 * 1024;

/**
 * exceljs's parse-sax with one streaming decoder per part, so no character is cut in two, fed in
 * slices of at most `saxSliceBytes` (its sources read bytes; a text source is fed as it comes).
 */
export async function* parseSax(source: AsyncIterable<Buffer | string> | NodeJS.ReadableStream) {
  const iterable: AsyncIterable<Buffer | string> =
    Symbol.asyncIterator in source ? source : (source as NodeJS.ReadableStream).pipe(new PassThrough());
  const { SaxesParser } = fromExceljs('saxes') as { SaxesParser: new () => TSaxParser };
  const parser = new SaxesParser();
  let error: unknown = null;
  let events: TSaxEvent[] = [];
  parser.on('error', (e: unknown) => {
    error = e;
  });
  for (const eventType of ['opentag', 'text', 'closetag'] as const) {
    parser.on(eventType, (value: unknown) => events.push({ eventType, value }));
  }
  const decoder = new TextDecoder('utf-8');
  const feed = (text: string) => {
    parser.write(text);
    if (error) throw error;
    const out = events;
    events = [];
    return out;
  };
  for await (const chunk of iterable) {
    if (typeof chunk === 'string') {
      yield feed(chunk);
      continue;
    }
    // A bounded slice at a time: the events of one slice are all built before the first is used.
    for (let at = 0; at < chunk.length; at += saxSliceBytes) {
      yield feed(decoder.decode(chunk.subarray(at, at + saxSliceBytes), { stream: true }));
    }
  }
  const rest = decoder.decode();
  if (rest) yield feed(rest);
}

/** Puts the corrected parser in the module cache (before exceljs's readers take it) and loads exceljs. */
const load = (): typeof ExcelJSTypes => {
  const cache = require.cache as Record<string, { exports: unknown } | undefined>;
  const cached = cache[parseSaxPath];
  if (cached && !(cached.exports as { isUtf8Safe?: boolean }).isUtf8Safe) {
    throw new Error('exceljs was loaded before http/exceljs.ts: its readers would cut multi-byte characters');
  }
  if (!cached) {
    Object.assign(parseSax, { isUtf8Safe: true });
    cache[parseSaxPath] = {
      id: parseSaxPath,
      filename: parseSaxPath,
      loaded: true,
      exports: parseSax,
      children: [],
      paths: [],
    } as unknown as { exports: unknown };
  }
  return require('exceljs') as typeof ExcelJSTypes;
};

let loaded: typeof ExcelJSTypes | null = null;

/**
 * exceljs, loaded at the first spreadsheet rather than at start (it is a fifth of the modules the
 * server would load at start). Its users only read its members (ExcelJS.Workbook, ExcelJS.stream…).
 */
export const ExcelJS = new Proxy({} as typeof ExcelJSTypes, {
  get: (_target, key) => {
    loaded ??= load();
    return loaded[key as keyof typeof ExcelJSTypes];
  },
});
