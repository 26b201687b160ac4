import { routeTables } from '@yunhu/contract';
import { detached, type THandlers } from '../../http/bind.js';
import { streamXlsx } from '../../http/download.js';
import type { TExportService } from './crm-export.service.js';
import { crmImportLimits, type TCrmImportService } from './crm-import.service.js';
import { importBatches } from './import-batches.js';

const table = routeTables.crmImport;

/** The multipart text fields sent before the file, checked by the route's own request schema. */
const fieldsOf = (file: { fields: Record<string, unknown> } | undefined) => {
  const value = (name: string) => {
    const f = file?.fields[name] as { type?: string; value?: unknown } | undefined;
    return f?.type === 'field' && typeof f.value === 'string' && f.value !== '' ? f.value : undefined;
  };
  return table.importPreview.request.parse({ target: value('target'), duplicateMode: value('duplicateMode') });
};

export const crmImportHandlers = (
  imports: TCrmImportService,
  exports: TExportService,
): Omit<THandlers<typeof table>, 'rankList' | 'rankListDownload'> => ({
  // The import handlers open their own transactions: the upload is read before anything is
  // staged, and a confirm writes in the background after answering (import/import.runner.ts).
  importTemplate: detached((ctx) => imports.template(ctx.auth, ctx.input.kind)),
  importPreview: detached(async (ctx) => {
    const file = await ctx.req.file({ limits: { fileSize: crmImportLimits.maxBytes } });
    let opts: ReturnType<typeof fieldsOf>;
    try {
      opts = fieldsOf(file);
    } catch (error) {
      file?.file.resume();
      throw error;
    }
    return imports.customerPreview(ctx.auth, file, opts);
  }),
  importBatches: (ctx) => importBatches(ctx, ctx.input),
  importConfirm: detached((ctx) =>
    imports.customerConfirm(ctx.auth, ctx.input.batchId, ctx.input.duplicateMode, ctx.scope),
  ),
  followImportPreview: detached(async (ctx) =>
    imports.followPreview(ctx.auth, await ctx.req.file({ limits: { fileSize: crmImportLimits.maxBytes } }), ctx.scope),
  ),
  followImportConfirm: detached((ctx) => imports.followConfirm(ctx.auth, ctx.input.batchId, ctx.scope)),
  importState: detached((ctx) => imports.state(ctx.auth, ctx.input.batchId)),
  importReport: detached((ctx) => imports.report(ctx.auth, ctx.input.batchId)),
  exportCustomers: async (ctx) => {
    const file = await exports.customers(ctx, ctx.input);
    return streamXlsx(file.rows, file.columns, file.fileName, file.sheetName);
  },
});
