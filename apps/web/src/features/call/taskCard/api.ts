import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type TRequestOf, taskCardRoutes } from '@yunhu/contract';
import { call } from '../../../shared/http/api';

const r = taskCardRoutes;

export const taskKeys = {
  all: ['taskCard'] as const,
  progress: (id: number) => ['taskCard', 'progress', id] as const,
  myTasks: ['taskCard', 'my'] as const,
  myCard: (id: number) => ['taskCard', 'my', id] as const,
};

/** A call state of a dial request that means the call is still under way. */
export const isLiveCallState = (state: string | null) =>
  state === 'created' || state === 'ringing' || state === 'talking';

/** taskCard/Info: the figures, polled while the page is open so the manager sees the agents work. */
export const useTaskProgress = (id: number) =>
  useQuery({
    queryKey: taskKeys.progress(id),
    queryFn: () => call(r.progress, { id }),
    enabled: id > 0,
    retry: false,
    refetchInterval: 10_000,
  });

export const useMyTasks = () => useQuery({ queryKey: taskKeys.myTasks, queryFn: () => call(r.myTasks, {}) });

/**
 * myTaskCard: where he is in the task (kept on the server). While the current customer's call is
 * under way the card is polled, so the result form opens when the call's record has arrived; while
 * the task is paused it is looked at now and then, so dialling opens again once the manager resumes.
 */
export const useMyCard = (taskId: number) =>
  useQuery({
    queryKey: taskKeys.myCard(taskId),
    queryFn: () => call(r.myCard, { id: taskId }),
    enabled: taskId > 0,
    retry: false,
    refetchInterval: (q) => {
      if (q.state.data?.task.status === 'paused') return 15_000;
      const current = q.state.data?.current;
      return current?.status === 'dialled' && isLiveCallState(current.callState) ? 1500 : false;
    },
  });

/** A task mutation that refreshes every task query after it succeeds (the lists' keys start with their page key). */
const useTaskMutation = <K extends keyof typeof r>(key: K) => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: TRequestOf<(typeof r)[K]>) => call(r[key], input as never),
    onSuccess: () => client.invalidateQueries({ predicate: (q) => String(q.queryKey[0]).startsWith('taskCard') }),
  });
};

export const useCreateTask = () => useTaskMutation('create');
export const useUpdateTask = () => useTaskMutation('update');
export const useSetTaskStatus = () => useTaskMutation('setStatus');
export const useAddItems = () => useTaskMutation('addItems');
export const useRemoveItems = () => useTaskMutation('removeItems');
export const useItemDialled = () => useTaskMutation('itemDialled');
export const useItemResult = () => useTaskMutation('itemResult');
export const useItemSkip = () => useTaskMutation('itemSkip');
