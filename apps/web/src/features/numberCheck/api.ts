import { useQuery } from '@tanstack/react-query';
import {
  numberCheckRoutes,
  type TNumberCheckRef,
  type TNumberCheckResult,
  type TNumberCheckSummary,
} from '@yunhu/contract';
import { call } from '../../shared/http/api';
import { useRefreshingMutation } from '../../shared/http/useRefreshingMutation';

const r = numberCheckRoutes;
export const checkKey = (ref: TNumberCheckRef) => ['number-check', ref.source, ref.batchId] as const;
const key = checkKey;

/** A run waiting or under way on the job queue: the screen asks again until it ends. */
export const isRunActive = (s: TNumberCheckSummary | undefined) =>
  s?.run?.state === 'queued' || s?.run?.state === 'running';

/** How often the panel asks while a run waits or runs. */
export const checkPollMs = 1500;

export const useCheckSummary = (ref: TNumberCheckRef) =>
  useQuery({
    queryKey: [...key(ref), 'summary'],
    queryFn: () => call(r.summary, ref),
    refetchInterval: (q) => (isRunActive(q.state.data) ? checkPollMs : false),
  });

export const useCheckRows = (ref: TNumberCheckRef, isOpen: boolean) =>
  useQuery({ queryKey: [...key(ref), 'rows'], queryFn: () => call(r.rows, ref), enabled: isOpen });

export const useCheckRun = (ref: TNumberCheckRef) => useRefreshingMutation(() => call(r.run, ref), [key(ref)]);

export const useCheckExclude = (ref: TNumberCheckRef) =>
  useRefreshingMutation((results: TNumberCheckResult[]) => call(r.exclude, { ...ref, results }), [key(ref)]);

export const useCheckRate = () => useQuery({ queryKey: ['number-check', 'rate'], queryFn: () => call(r.rate, {}) });
export const useCheckRateSave = () =>
  useRefreshingMutation((unitPrice: number) => call(r.rateSave, { unitPrice }), [['number-check', 'rate']]);
