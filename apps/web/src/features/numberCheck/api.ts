import { useQuery } from '@tanstack/react-query';
import { numberCheckRoutes, type TNumberCheckRef, type TNumberCheckResult } from '@yunhu/contract';
import { call } from '../../shared/http/api';
import { useRefreshingMutation } from '../../shared/http/useRefreshingMutation';

const r = numberCheckRoutes;
const key = (ref: TNumberCheckRef) => ['number-check', ref.source, ref.batchId] as const;

export const useCheckSummary = (ref: TNumberCheckRef) =>
  useQuery({ queryKey: [...key(ref), 'summary'], queryFn: () => call(r.summary, ref) });

export const useCheckRows = (ref: TNumberCheckRef, isOpen: boolean) =>
  useQuery({ queryKey: [...key(ref), 'rows'], queryFn: () => call(r.rows, ref), enabled: isOpen });

export const useCheckRun = (ref: TNumberCheckRef) => useRefreshingMutation(() => call(r.run, ref), [key(ref)]);

export const useCheckExclude = (ref: TNumberCheckRef) =>
  useRefreshingMutation((results: TNumberCheckResult[]) => call(r.exclude, { ...ref, results }), [key(ref)]);

export const useCheckRate = () => useQuery({ queryKey: ['number-check', 'rate'], queryFn: () => call(r.rate, {}) });
export const useCheckRateSave = () =>
  useRefreshingMutation((unitPrice: number) => call(r.rateSave, { unitPrice }), [['number-check', 'rate']]);
