import { useQuery } from '@tanstack/react-query';
import { clueRoutes, type TClueTarget } from '@yunhu/contract';
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
};

export const useQuota = () => useQuery({ queryKey: clueKeys.quota, queryFn: () => call(r.quota, {}) });

export const useCompany = (id: number | null) =>
  useQuery({
    queryKey: [...clueKeys.company, id],
    queryFn: () => call(r.companyInfo, { id: id! }),
    enabled: id !== null,
  });

const touched = [[clueKeys.companies], [clueKeys.unlocked], [clueKeys.ledger], clueKeys.company, clueKeys.quota];

export const useUnlock = () => useRefreshingMutation((id: number) => call(r.companyUnlock, { id }), touched);
export const useConvert = () =>
  useRefreshingMutation((input: { ids: number[]; target: TClueTarget }) => call(r.convert, input), touched);
export const useTrialTake = () => useRefreshingMutation(() => call(r.trialTake, {}), touched);
export const useSaveSettings = () =>
  useRefreshingMutation((dailyLimit: number) => call(r.settingsSave, { dailyLimit }), touched);
