import { useQuery } from '@tanstack/react-query';
import { clueBatchRoutes, clueRoutes, type TClueTarget } from '@yunhu/contract';
import { call } from '../../shared/http/api';
import { useRefreshingMutation } from '../../shared/http/useRefreshingMutation';

const r = clueRoutes;

export const clueKeys = {
  /** The lists' cache prefixes (their page keys). */
  companies: 'clue-companies',
  unlocked: 'clue-unlocked',
  ledger: 'clue-ledger',
  company: ['clue', 'company'] as const,
  quota: ['clue', 'quota'] as const,
  matchRows: ['clue', 'match-rows'] as const,
};

export const useQuota = () => useQuery({ queryKey: clueKeys.quota, queryFn: () => call(r.quota, {}) });

export const useCompany = (id: number | null) =>
  useQuery({
    queryKey: [...clueKeys.company, id],
    queryFn: () => call(r.companyInfo, { id: id! }),
    enabled: id !== null,
  });

const touched = [
  [clueKeys.companies],
  [clueKeys.unlocked],
  [clueKeys.ledger],
  clueKeys.company,
  clueKeys.quota,
  clueKeys.matchRows,
];

export const useUnlock = () => useRefreshingMutation((id: number) => call(r.companyUnlock, { id }), touched);
export const useConvert = () =>
  useRefreshingMutation((input: { ids: number[]; target: TClueTarget }) => call(r.convert, input), touched);
export const useTrialTake = () => useRefreshingMutation(() => call(r.trialTake, {}), touched);
export const useSaveSettings = () =>
  useRefreshingMutation((dailyLimit: number) => call(r.settingsSave, { dailyLimit }), touched);

/** 批量匹配: a confirmed batch's matched companies. */
export const useMatchRows = (batchId: string | null) =>
  useQuery({
    queryKey: [...clueKeys.matchRows, batchId],
    queryFn: () => call(clueBatchRoutes.matchRows, { batchId: batchId! }),
    enabled: batchId !== null,
  });
export const useMatchState = (batchId: string | null) =>
  useQuery({
    queryKey: [...clueKeys.matchRows, 'state', batchId],
    queryFn: () => call(clueBatchRoutes.matchState, { batchId: batchId! }),
    enabled: batchId !== null,
  });
export const useMatchConvert = () =>
  useRefreshingMutation(
    (input: { batchId: string; target: TClueTarget }) => call(clueBatchRoutes.matchConvert, input),
    touched,
  );
