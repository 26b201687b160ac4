import { routeTables } from '@yunhu/contract';
import type { THandlers } from '../../http/bind.js';
import type { TExportService } from './export.service.js';
import { crmImportLimits, type TCrmImportService } from './import.service.js';
import type { TRankService } from './rank.service.js';

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
  rank: TRankService,
): THandlers<typeof table> => ({
  importTemplate: (ctx) => imports.template(ctx.auth, ctx.input.kind, ctx.reply),
  importPreview: async (ctx) => {
    const file = await ctx.req.file({ limits: { fileSize: crmImportLimits.maxBytes } });
    let opts: ReturnType<typeof fieldsOf>;
    try {
      opts = fieldsOf(file);
    } catch (error) {
      file?.file.resume();
      throw error;
    }
    return imports.customerPreview(ctx.auth, file, opts);
  },
  importConfirm: (ctx) => imports.customerConfirm(ctx.auth, ctx.input.batchId, ctx.input.duplicateMode),
  followImportPreview: async (ctx) =>
    imports.followPreview(ctx.auth, await ctx.req.file({ limits: { fileSize: crmImportLimits.maxBytes } })),
  followImportConfirm: (ctx) => imports.followConfirm(ctx.auth, ctx.input.batchId),
  importState: (ctx) => imports.state(ctx.auth, ctx.input.batchId),
  importReport: (ctx) => imports.report(ctx.auth, ctx.input.batchId, ctx.reply),
  exportCustomers: (ctx) => exports.customers(ctx.auth, ctx.input, ctx.reply),
  rankList: (ctx) => rank.list(ctx.auth, ctx.input),
  rankListDownload: (ctx) => rank.download(ctx.auth, ctx.input, ctx.reply),
});
