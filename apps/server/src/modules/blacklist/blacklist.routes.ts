import { blacklistLimits, routeTables, type TBlackLevel } from '@yunhu/contract';
import type { THandlers } from '../../http/bind.js';
import type { THandlerContext } from '../../http/context.js';
import type { TBlacklistService } from './blacklist.service.js';

const table = routeTables.blacklist;

/**
 * The multipart import: the `dryRun` field comes before the file and is checked by the route's own
 * request schema ('1' = check only, the preview; '0' = write the good rows, the confirm).
 */
const importOf = (service: TBlacklistService, level: TBlackLevel) => async (ctx: THandlerContext<unknown>) => {
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

/** 企业黑名单, 平台黑名单, the checks and 黑名单拦截: thin handlers over the service. */
export const blacklistHandlers = (service: TBlacklistService): THandlers<typeof table> => ({
  page: (ctx) => service.page(ctx.auth, 'tenant', ctx.input),
  addOne: (ctx) => service.addOne(ctx.auth, 'tenant', ctx.input),
  addBatch: (ctx) => service.addBatch(ctx.auth, 'tenant', ctx.input),
  edit: (ctx) => service.edit(ctx.auth, 'tenant', ctx.input),
  remove: (ctx) => service.remove(ctx.auth, 'tenant', [ctx.input.id]),
  removeBatch: (ctx) => service.remove(ctx.auth, 'tenant', ctx.input.ids),
  importExcel: importOf(service, 'tenant'),
  exportExcel: (ctx) => service.exportExcel(ctx.auth, 'tenant', ctx.input, ctx.reply),
  platformPage: (ctx) => service.page(ctx.auth, 'platform', ctx.input),
  platformAddOne: (ctx) => service.addOne(ctx.auth, 'platform', ctx.input),
  platformAddBatch: (ctx) => service.addBatch(ctx.auth, 'platform', ctx.input),
  platformEdit: (ctx) => service.edit(ctx.auth, 'platform', ctx.input),
  platformRemove: (ctx) => service.remove(ctx.auth, 'platform', [ctx.input.id]),
  platformRemoveBatch: (ctx) => service.remove(ctx.auth, 'platform', ctx.input.ids),
  platformImportExcel: importOf(service, 'platform'),
  platformExportExcel: (ctx) => service.exportExcel(ctx.auth, 'platform', ctx.input, ctx.reply),
  importTemplate: (ctx) => service.template(ctx.reply),
  get: (ctx) => service.get(ctx.auth, ctx.input.number),
  check: (ctx) => service.check(ctx.auth, ctx.input.phone),
  checkList: (ctx) => service.checkList(ctx.auth, ctx.input.phones),
  interceptPage: (ctx) => service.interceptPage(ctx.auth, ctx.input),
});
