import type { crmImportRoutes, crmRoutes } from '@yunhu/contract';
import type { THandlers } from '../../http/bind.js';
import { streamXlsx } from '../../http/download.js';
import type { TCensusService } from './crm-census.service.js';
import type { TRankService } from './crm-rank.service.js';

/** 客户操作记录 and the customer statistics: the census routes of the CRM table. */
export const crmCensusHandlers = (
  census: TCensusService,
): Pick<THandlers<typeof crmRoutes>, 'ownerLogPage' | 'census'> => ({
  ownerLogPage: (ctx) => census.ownerLogPage(ctx, ctx.input),
  census: (ctx) => census.census(ctx, ctx.input),
});

/** 客户排行 and its download: the rank routes of the CRM import table. */
export const crmRankHandlers = (
  rank: TRankService,
): Pick<THandlers<typeof crmImportRoutes>, 'rankList' | 'rankListDownload'> => ({
  rankList: (ctx) => rank.list(ctx, ctx.input),
  rankListDownload: async (ctx) => {
    const file = await rank.download(ctx, ctx.input);
    return streamXlsx(file.rows, file.columns, file.fileName, file.sheetName);
  },
});
