import { routeTables, type TBlackImportResult, type TBlackLevel } from '@yunhu/contract';
import { t } from '../../../locales/zh-CN';
import { download } from '../../../shared/http/api';
import { ImportModal, importApi, type TImportRunBase, type TImportSpec } from '../../../shared/import';
import { listApi, useReloadList } from '../api';

const b = t.blacklist;
type TPreview = TBlackImportResult;
type TRun = TImportRunBase & { added: number };

/**
 * 导入黑名单 through the one import dialog: the check lists every bad row (bad number, repeated in
 * the file, bad expiry) and every number already listed, writing nothing; the confirm writes the
 * good rows of the same file in one transaction.
 */
export const BlackImportModal = (props: { level: TBlackLevel; open: boolean; onClose: () => void }) => {
  const reload = useReloadList(props.level);
  const route = listApi[props.level].routes.importExcel;
  const spec: TImportSpec<TPreview, TRun> = {
    title: b.importTitle,
    step1: b.importStep1,
    testId: 'black-import',
    downloadTemplate: () => download(routeTables.blacklist.importTemplate, {}, `${b.templateName}.xlsx`),
    check: async (file) => {
      const res = await importApi.upload(route, file, { dryRun: '1' });
      // Numbers already listed are problems of the preview too (they will be skipped).
      return { ...res, errors: [...res.errors, ...res.skipped].sort((x, y) => x.row - y.row) };
    },
    confirm: async (_preview, file) => {
      const res = await importApi.upload(route, file, { dryRun: '0' });
      return { status: 'done', processed: res.added, validCount: res.validCount, message: '', added: res.added };
    },
    summary: (p) => b.importSummary(p.total, p.validCount, p.invalidCount, p.skippedCount),
    confirmText: b.confirmImport,
    doneText: (run) => b.importDone(run.added),
    onDone: () => void reload(),
  };
  return <ImportModal spec={spec} open={props.open} onClose={props.onClose} />;
};
