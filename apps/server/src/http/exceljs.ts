import { createRequire } from 'node:module';
import type * as ExcelJSTypes from 'exceljs';

/**
 * exceljs, the one spreadsheet library of the server; every server file takes it from here (the
 * architecture test says so). Its XML parser is corrected at install (patches/exceljs+4.4.0.patch,
 * applied by patch-package): as published, a Chinese character whose three bytes straddle two
 * chunks of a sheet becomes two U+FFFD (22 of 100,000 imported rows).
 *
 * Loaded at the first spreadsheet rather than at start: it is a fifth of the modules the server would
 * load, ~30 MB of heap a server that never reads a sheet would hold. A module-local `require`, so the
 * server's bundle (scripts/build-server.mjs) leaves it to that moment.
 */
const require = createRequire(import.meta.url);
let loaded: typeof ExcelJSTypes | null = null;

/** exceljs's members (ExcelJS.Workbook, ExcelJS.stream…), loaded when one is first read. */
export const ExcelJS = new Proxy({} as typeof ExcelJSTypes, {
  get: (_target, key) => {
    loaded ??= require('exceljs') as typeof ExcelJSTypes;
    return loaded[key as keyof typeof ExcelJSTypes];
  },
});
