import { useQueryClient } from '@tanstack/react-query';
import { orgStaffRoutes, type TImportRead, type TImportState } from '@yunhu/contract';
import * as t from '../../../locales/zh-CN';
import { download } from '../../../shared/http/api';
import { ImportModal, importApi, type TImportSpec } from '../../../shared/import';

const s = orgStaffRoutes;
type TPreview = TImportState & TImportRead & { errors: { row: number; reason: string }[] };

/**
 * 导入员工 through the one import dialog, as every import: the check with sample rows and every bad
 * row's reason, the confirm with its count, the progress, the refused and skipped rows downloadable;
 * an import whose server died midway reads failed with what was written and is continued from there.
 */
export const StaffImportModal = ({ open, onClose }: { open: boolean; onClose: () => void }) => {
  const client = useQueryClient();
  const spec: TImportSpec<TPreview, TImportState> = {
    title: t.org.importTitle,
    step1: t.org.importStep1,
    testId: 'staff-import',
    downloadTemplate: () => download(s.staffImportTemplate, {}, `${t.org.importTemplateName}.xlsx`),
    check: (file) => importApi.upload(s.staffImport, file),
    confirm: (preview) => importApi.call(s.staffImportConfirm, { batchId: preview.batchId }),
    poll: (run) => importApi.call(s.staffImportState, { batchId: run.batchId }),
    report: (batchId) => download(s.staffImportReport, { batchId }, `${t.org.importReportName}.xlsx`),
    summary: (p) => t.org.importSummary(p.total, p.validCount, p.invalidCount),
    confirmText: t.org.confirmImport,
    doneText: (run) => t.org.importDone(run.imported, run.skipped),
    onDone: () => void client.invalidateQueries({ queryKey: ['staffManage'] }),
  };
  return <ImportModal spec={spec} open={open} onClose={onClose} />;
};
