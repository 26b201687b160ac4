import { clueBatchRoutes, type TClueMatchPreview, type TClueMatchState } from '@yunhu/contract';
import { useRef } from 'react';
import * as t from '../../../locales/zh-CN';
import { download } from '../../../shared/http/api';
import { ImportModal, importApi, type TImportSpec } from '../../../shared/import';

const r = clueBatchRoutes;
const m = t.clueMatch;

/** 上传企业名单 through the one import dialog: the check matches every row, the confirm keeps the matches. */
export const MatchImportModal = ({
  open,
  onClose,
  onDone,
}: {
  open: boolean;
  onClose: () => void;
  onDone: (batchId: string) => void;
}) => {
  // The dialog says only that the import is done: the batch is the one this dialog confirmed.
  const confirmed = useRef<string | null>(null);
  const spec: TImportSpec<TClueMatchPreview, TClueMatchState> = {
    title: m.importTitle,
    step1: m.step1,
    testId: 'clue-match',
    downloadTemplate: () => download(r.matchTemplate, {}, '批量匹配模板.xlsx'),
    check: (file) => importApi.upload(r.matchPreview, file),
    confirm: async (preview) => {
      const run = await importApi.call(r.matchConfirm, { batchId: preview.batchId });
      confirmed.current = run.batchId;
      return run;
    },
    poll: (run) => importApi.call(r.matchState, { batchId: run.batchId }),
    report: (batchId) => download(r.matchReport, { batchId }, `${m.reportName}.xlsx`),
    summary: (p) => m.summary(p.total, p.validCount, p.invalidCount),
    confirmText: m.confirm,
    doneText: (run) => m.done(run.matched),
    onDone: () => {
      if (confirmed.current) onDone(confirmed.current);
    },
  };
  return <ImportModal spec={spec} open={open} onClose={onClose} />;
};
