import { routeTables, type TBlackImportResult, type TBlackLevel } from '@yunhu/contract';
import { t } from '../../../locales/zh-CN';
import { download } from '../../../shared/http/api';
import { ImportModal, importApi, type TImportRunBase, type TImportSpec } from '../../../shared/import';
import { listApi, useReloadList } from '../api';

const b = t.blacklist;
const r = routeTables.blacklist;
type TPreview = TBlackImportResult;
type TRun = TImportRunBase & { added: number };

/**
 * 导入黑名单 through the one import dialog: the check lists every bad row (bad number, repeated in
 * the file, bad expiry) and every number already listed, writing nothing. The enterprise list's
 * check stages a batch that the confirm writes (progress, then every row's outcome downloadable);
 * the platform list's confirm sends the same file again and writes its good rows at once.
 */
export const BlackImportModal = (props: { level: TBlackLevel; open: boolean; onClose: () => void }) => {
  const reload = useReloadList(props.level);
  const route = listApi[props.level].routes.importExcel;
  const isStaged = props.level === 'tenant';
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
      if (isStaged && preview.batchId) {
        return importApi.call(r.importConfirm, { batchId: preview.batchId });
      }
      const res = await importApi.upload(route, file, { dryRun: '0' });
      return { status: 'done', processed: res.added, validCount: res.validCount, message: '', added: res.added };
    },
    poll: async (run) => (run.batchId ? importApi.call(r.importState, { batchId: run.batchId }) : run),
    report: isStaged ? (batchId) => download(r.importReport, { batchId }, `${b.importReportName}.xlsx`) : undefined,
    summary: (p) => b.importSummary(p.total, p.validCount, p.invalidCount, p.skippedCount),
    confirmText: b.confirmImport,
    doneText: (run) => b.importDone(run.added),
    onDone: () => void reload(),
  };
  return <ImportModal spec={spec} open={props.open} onClose={props.onClose} />;
};
