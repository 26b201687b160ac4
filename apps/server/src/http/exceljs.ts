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
const { SaxesParser } = fromExceljs('saxes') as { SaxesParser: new () => TSaxParser };

/** exceljs's parse-sax with one streaming decoder per part, so no character is cut in two. */
async function* parseSax(source: AsyncIterable<Buffer | string> | NodeJS.ReadableStream) {
  const iterable: AsyncIterable<Buffer | string> =
    Symbol.asyncIterator in source ? source : (source as NodeJS.ReadableStream).pipe(new PassThrough());
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
    yield feed(typeof chunk === 'string' ? chunk : decoder.decode(chunk, { stream: true }));
  }
  const rest = decoder.decode();
  if (rest) yield feed(rest);
}

const cache = require.cache as Record<string, { exports: unknown } | undefined>;
const cached = cache[parseSaxPath];
if (cached && cached.exports !== parseSax && !(cached.exports as { isUtf8Safe?: boolean }).isUtf8Safe) {
  throw new Error('exceljs was loaded before http/exceljs.ts: its readers would cut multi-byte characters');
}
Object.assign(parseSax, { isUtf8Safe: true });
if (!cached) {
  cache[parseSaxPath] = {
    id: parseSaxPath,
    filename: parseSaxPath,
    loaded: true,
    exports: parseSax,
    children: [],
    paths: [],
  } as unknown as { exports: unknown };
}

export const ExcelJS = require('exceljs') as typeof ExcelJSTypes;
