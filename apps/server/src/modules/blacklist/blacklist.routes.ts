import { blacklistLimits, routeTables, type TBlackLevel } from '@yunhu/contract';
import { detached, type THandlers } from '../../http/bind.js';
import type { TDetachedContext } from '../../http/context.js';
import { fileDownload, streamXlsx } from '../../http/download.js';
import type { TBlacklistService } from './blacklist.service.js';
import { createCompanyBlacklist, type TCompanyBlacklist } from './blacklist-company.service.js';

const table = routeTables.blacklist;

/**
 * The multipart import: the `dryRun` field comes before the file and is checked by the route's own
 * request schema ('1' = check only, the preview; '0' = write the good rows of the file at once).
 * A check stages a batch that `importConfirm` / `platformImportConfirm` writes.
 */
const importOf = (service: TBlacklistService, level: TBlackLevel) => async (ctx: TDetachedContext<unknown>) => {
  const file = await ctx.req.file({ limits: { fileSize: blacklistLimits.importMaxBytes } });
  let dryRun: '0' | '1';
  try {
    const f = file?.fields.dryRun as { type?: string; value?: unknown } | undefined;
    const value = f?.type === 'field' && typeof f.value === 'string' && f.value !== '' ? f.value : undefined;
    dryRun = table.importExcel.request.parse({ dryRun: value }).dryRun;
  } catch (error) {
    file?.file.resume();
    throw error;
  }
  return service.importExcel(ctx.auth, level, file, dryRun === '1');
};

/** The download the service describes, sent by the binder once the request's transaction has ended. */
const exportOf = ({ rows, columns, fileName, sheetName }: ReturnType<TBlacklistService['exportExcel']>) =>
  streamXlsx(rows, columns, fileName, sheetName);

/** 企业黑名单 (numbers and companies), 平台黑名单, the checks and 黑名单拦截: thin handlers over the services. */
export const blacklistHandlers = (
  service: TBlacklistService,
  company: TCompanyBlacklist = createCompanyBlacklist(),
): THandlers<typeof table> => ({
  page: (ctx) => service.page(ctx, 'tenant', ctx.input),
  addOne: (ctx) => service.addOne(ctx, 'tenant', ctx.input),
  addBatch: (ctx) => service.addBatch(ctx, 'tenant', ctx.input),
  edit: (ctx) => service.edit(ctx, 'tenant', ctx.input),
  remove: (ctx) => service.remove(ctx, 'tenant', [ctx.input.id]),
  removeBatch: (ctx) => service.remove(ctx, 'tenant', ctx.input.ids),
  // The import writes in transactions of its own (the preview and the confirm alike).
  importExcel: detached(importOf(service, 'tenant')),
  exportExcel: async (ctx) => exportOf(service.exportExcel(ctx, 'tenant', ctx.input)),
  platformPage: (ctx) => service.page(ctx, 'platform', ctx.input),
  platformAddOne: (ctx) => service.addOne(ctx, 'platform', ctx.input),
  platformAddBatch: (ctx) => service.addBatch(ctx, 'platform', ctx.input),
  platformEdit: (ctx) => service.edit(ctx, 'platform', ctx.input),
  platformRemove: (ctx) => service.remove(ctx, 'platform', [ctx.input.id]),
  platformRemoveBatch: (ctx) => service.remove(ctx, 'platform', ctx.input.ids),
  platformImportExcel: detached(importOf(service, 'platform')),
  platformExportExcel: async (ctx) => exportOf(service.exportExcel(ctx, 'platform', ctx.input)),
  // The framework's runner opens its own transactions and writes the confirmed batch in the background.
  importConfirm: detached((ctx) => service.importConfirm(ctx, 'tenant', ctx.input.batchId)),
  importState: detached((ctx) => service.importState(ctx.auth, 'tenant', ctx.input.batchId)),
  importReport: detached((ctx) => service.importReport(ctx.auth, 'tenant', ctx.input.batchId)),
  platformImportConfirm: detached((ctx) => service.importConfirm(ctx, 'platform', ctx.input.batchId)),
  platformImportState: detached((ctx) => service.importState(ctx.auth, 'platform', ctx.input.batchId)),
  platformImportReport: detached((ctx) => service.importReport(ctx.auth, 'platform', ctx.input.batchId)),
  importTemplate: async () => {
    const { body, fileName } = await service.template();
    return fileDownload(body, fileName);
  },
  get: (ctx) => service.get(ctx, ctx.input.number),
  check: (ctx) => service.check(ctx, ctx.input.phone),
  checkList: (ctx) => service.checkList(ctx, ctx.input.phones),
  interceptPage: (ctx) => service.interceptPage(ctx, ctx.input),
  companyPage: (ctx) => company.page(ctx, ctx.input),
  companyAdd: (ctx) => company.addOne(ctx, ctx.input),
  companyAddBatch: (ctx) => company.addBatch(ctx, ctx.input),
  companyRemove: (ctx) => company.remove(ctx, ctx.input.ids),
  companyExport: (ctx) => company.exportExcel(ctx, ctx.input),
  companyQuery: (ctx) => company.query(ctx, ctx.input.items),
});
