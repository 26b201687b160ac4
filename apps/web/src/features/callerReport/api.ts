import { useQuery } from '@tanstack/react-query';
import { callerReportRoutes, type TMaterialsSubmit, type TReportSave } from '@yunhu/contract';
import { call, saveHref, upload } from '../../shared/http/api';
import { useRefreshingMutation } from '../../shared/http/useRefreshingMutation';
import { reviewDesks, type TReviewDesk } from './reviewDesk';

const r = callerReportRoutes;

export const reportKeys = {
  materials: ['caller-report', 'materials'] as const,
  reports: 'caller-reports',
  review: 'caller-report-review',
  detail: ['caller-report', 'detail'] as const,
  openInfo: ['caller-report', 'open-info'] as const,
};

/** Where the enterprise stands: the platform's requirement, the latest materials, the reports by state. */
export const useOpenInfo = () => useQuery({ queryKey: reportKeys.openInfo, queryFn: () => call(r.tenantOpenInfo, {}) });

/** The materials (a version, or the latest) and every version's stamp. */
export const useMaterials = (version?: number) =>
  useQuery({ queryKey: [...reportKeys.materials, version ?? 0], queryFn: () => call(r.materialsInfo, { version }) });

export const useSubmitMaterials = () =>
  useRefreshingMutation(
    (input: TMaterialsSubmit) => call(r.materialsSubmit, input),
    [reportKeys.materials, reportKeys.openInfo],
  );

/** Stores a document privately; resolves the name a submission refers to it by. */
export const uploadDocument = async (file: File, isImage: boolean) =>
  (await upload(isImage ? r.imageUpload : r.scriptUpload, file)).url.split('/').pop()!;

/**
 * Saves a document under its own name through the five-minute signed address the server gives only
 * to its enterprise and the reviewers.
 */
export const openDocument = async (file: string, name: string, route = r.documentLink) => {
  const { url } = await call(route, { name: file });
  saveHref(url, name);
};

/** The lines the enterprise holds seats on and their numbers, asked once the report form opens. */
export const useReportNumbers = (isOpen: boolean) =>
  useQuery({ queryKey: ['caller-report', 'numbers'], queryFn: () => call(r.reportNumbers, {}), enabled: isOpen });

/** One report with the materials it was submitted with: the enterprise's view (no desk), or a reviewer's. */
export const useReportDetail = (id: number, desk: TReviewDesk | null) =>
  useQuery({
    queryKey: [...reportKeys.detail, id, desk],
    queryFn: () => call(desk ? reviewDesks[desk].info : r.reportInfo, { id }),
    enabled: id > 0,
  });

const useRefreshing = <I, O>(fn: (input: I) => Promise<O>) =>
  useRefreshingMutation(fn, [[reportKeys.reports], [reportKeys.review], reportKeys.detail, reportKeys.openInfo]);

export const useSaveReport = () => useRefreshing((input: TReportSave) => call(r.reportSave, input));
export const useSubmitReport = () => useRefreshing((id: number) => call(r.reportSubmit, { id }));
export const useWithdrawReport = () => useRefreshing((id: number) => call(r.reportWithdraw, { id }));
export const useExamineReport = (desk: TReviewDesk) =>
  useRefreshing((input: { id: number; pass: boolean; reason?: string }) => call(reviewDesks[desk].examine, input));
