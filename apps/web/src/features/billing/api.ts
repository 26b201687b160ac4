import { useQuery, useQueryClient } from '@tanstack/react-query';
import { billingRoutes, type TRequestOf, type TResponseOf } from '@yunhu/contract';
import { call } from '../../shared/http/api';

const r = billingRoutes;

/** Page keys of the lists (their query keys start with them, so a change refreshes them). */
export const ledgerPageKey = 'billingLedger';
export const consumePageKey = 'billingConsume';
export const refundPageKey = 'billingRefund';
export const moneyPageKey = 'billingMoney';
export const billPageKey = 'billingBill';
export const platformRevenuePageKey = 'billingPlatformRevenue';
const ratesKey = ['billing', 'rates'] as const;
const analysisRatesKey = ['billing', 'analysisRates'] as const;
const settingsKey = ['billing', 'settings'] as const;

export type TConsumeRow = TResponseOf<typeof r.consumePage>['records'][number];
export type TBillAnalysis = TResponseOf<typeof r.billAnalysis>;
export type TLineRate = TResponseOf<typeof r.rateList>[number];
export type TRateInput = TRequestOf<typeof r.rateSave>;
export type TAnalysisRate = TResponseOf<typeof r.analysisRateList>[number];
export type TSettings = TResponseOf<typeof r.settingsGet>;

export const useBillAnalysis = (month: string) =>
  useQuery({ queryKey: ['billing', 'analysis', month], queryFn: () => call(r.billAnalysis, { month }) });

export const useRates = (lineId?: number) =>
  useQuery({
    queryKey: [...ratesKey, lineId ?? 'all'],
    queryFn: () => call(r.rateList, lineId === undefined ? {} : { lineId }),
  });

/** 智能分析资费: the rate in force first, then every row. */
export const useAnalysisRates = () =>
  useQuery({ queryKey: analysisRatesKey, queryFn: () => call(r.analysisRateList, {}) });

export const useSettings = (isEnabled: boolean) =>
  useQuery({ queryKey: settingsKey, queryFn: () => call(r.settingsGet, {}), enabled: isEnabled });

export const useBillingActions = () => {
  const client = useQueryClient();
  return {
    saveRate: async (input: TRateInput) => {
      const saved = await call(r.rateSave, input);
      await client.invalidateQueries({ queryKey: ratesKey });
      return saved;
    },
    saveAnalysisRate: async (unitPrice: number) => {
      const saved = await call(r.analysisRateSave, { unitPrice });
      await client.invalidateQueries({ queryKey: analysisRatesKey });
      return saved;
    },
    saveSettings: async (input: TSettings) => {
      const saved = await call(r.settingsSave, input);
      await client.invalidateQueries({ queryKey: settingsKey });
      return saved;
    },
  };
};
