import { beijingStamp, type crmImportRoutes, type TImportBatchOption, type TParsedRequestOf } from '@yunhu/contract';
import type { TRequestContext } from '../../http/context.js';
import { importBatchOptions } from './crm-import.repository.js';

/** How many batches the filter offers: the newest; older ones are found by file name. */
const batchOptionLimit = 200;

/** A batch's code as people read it: the upload's Beijing time and the start of its id. */
export const batchCode = (id: string, createdAt: Date) => `DR${beijingStamp(createdAt)}${id.slice(0, 4).toUpperCase()}`;

/** 导入批次 (batch-code): the customer imports of the caller's data scope, for the lists' filter. */
export const importBatches = async (
  { auth, tx, scope }: TRequestContext,
  input: TParsedRequestOf<typeof crmImportRoutes.importBatches>,
): Promise<TImportBatchOption[]> =>
  (
    await importBatchOptions(tx, {
      tenantId: auth.tenantId,
      scope,
      fileName: input.fileName || undefined,
      limit: batchOptionLimit,
    })
  ).map((b) => ({
    id: b.id,
    code: batchCode(b.id, b.createdAt),
    fileName: b.fileName,
    createdAt: b.createdAt.getTime(),
    count: b.count,
    userName: b.userName,
  }));
