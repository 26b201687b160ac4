import { blacklistRoutes, type TBlackImportResult, type TBlackLevel } from '@yunhu/contract';
import * as t from '../../../locales/zh-CN';
import { download } from '../../../shared/http/api';
import { ImportModal, importApi, type TImportRunBase, type TImportSpec } from '../../../shared/import';
import { listApi, useReloadList } from '../api';

const b = t.blacklist;
const r = blacklistRoutes;
type TPreview = TBlackImportResult;
type TRun = TImportRunBase & { added: number };

/** Each list's confirm, progress and result routes. */
const batchRoutes = {
  tenant: { confirm: r.importConfirm, state: r.importState, report: r.importReport },
  platform: { confirm: r.platformImportConfirm, state: r.platformImportState, report: r.platformImportReport },
};

/**
 * 导入黑名单 through the one import dialog: the check lists every bad row (bad number, repeated in
 * the file, bad expiry) and every number already listed, writing nothing, and stages a batch that
 * the confirm writes (progress, then every row's outcome downloadable), for the enterprise's list
 * and the platform's alike.
 */
export const BlackImportModal = (props: { level: TBlackLevel; open: boolean; onClose: () => void }) => {
  const reload = useReloadList(props.level);
  const route = listApi[props.level].routes.importExcel;
  const batch = batchRoutes[props.level];
  const spec: TImportSpec<TPreview, TRun> = {
    title: b.importTitle,
    step1: b.importStep1,
    testId: 'black-import',
    downloadTemplate: () => download(r.importTemplate, {}, `${b.templateName}.xlsx`),
    check: async (file) => {
      const res = await importApi.upload(route, file, { dryRun: '1' });
      // Numbers already listed are problems of the preview too (they will be skipped).
      return { ...res, errors: [...res.errors, ...res.skipped].sort((x, y) => x.row - y.row) };
    },
    confirm: async (preview, file) => {
      if (preview.batchId) return importApi.call(batch.confirm, { batchId: preview.batchId });
      const res = await importApi.upload(route, file, { dryRun: '0' });
      return { status: 'done', processed: res.added, validCount: res.validCount, message: '', added: res.added };
    },
    poll: async (run) => (run.batchId ? importApi.call(batch.state, { batchId: run.batchId }) : run),
    report: (batchId) => download(batch.report, { batchId }, `${b.importReportName}.xlsx`),
    summary: (p) => b.importSummary(p.total, p.validCount, p.invalidCount, p.skippedCount),
    confirmText: b.confirmImport,
    doneText: (run) => b.importDone(run.added),
    onDone: () => void reload(),
  };
  return <ImportModal spec={spec} open={props.open} onClose={props.onClose} />;
};
