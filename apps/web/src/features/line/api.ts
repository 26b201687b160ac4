import { useQuery, useQueryClient } from '@tanstack/react-query';
import { lineRoutes, type TRequestOf, type TResponseOf } from '@yunhu/contract';
import { call } from '../../shared/http/api';
import { refreshAfter } from '../../shared/http/refreshAfter';
import { useRefreshingMutation } from '../../shared/http/useRefreshingMutation';

const r = lineRoutes;

/** Page keys of the lists; a change refreshes every list of this area. */
export const poolPageKey = 'lineNumberPool';
export const workPageKey = 'lineWorkNumbers';
export const callerPageKey = 'lineCallerNumbers';

export type TNumberRow = TResponseOf<typeof r.numberPage>['records'][number];
export type TWorkRow = TResponseOf<typeof r.workNumberList>['records'][number];
export type TCallerNumberInput = TRequestOf<typeof r.callerNumberAdd>;

export const useLines = () => useQuery({ queryKey: ['line', 'list'], queryFn: () => call(r.lineList, {}) });

/** 线路话术: the enterprise's script for a line (null: none); the list shows it afterwards. */
export const useSaveLineScript = () =>
  useRefreshingMutation(
    (input: { lineId: number; scriptId: number | null }) => call(r.lineScriptSave, input),
    [['line', 'list']],
  );

export const useNumberActions = () => {
  const client = useQueryClient();
  const refresh = () =>
    Promise.all(
      [poolPageKey, workPageKey, callerPageKey, 'line', 'seat'].map((k) => client.invalidateQueries({ queryKey: [k] })),
    );
  const then = refreshAfter(refresh);
  return {
    distribute: then(
      async (ids: number[], userId: number | null): Promise<unknown> =>
        ids.length === 1 ? call(r.distribute, { id: ids[0]!, userId }) : call(r.distributeBatch, { ids, userId }),
    ),
    bind: then((id: number, userId: number) => call(r.workNumberBind, { id, userId })),
    unbind: then((id: number) => call(r.workNumberUnbind, { id })),
    add: then((input: TCallerNumberInput) => call(r.callerNumberAdd, input)),
    edit: then((input: TCallerNumberInput & { id: number }) => call(r.callerNumberEdit, input)),
    remove: then((ids: number[]) => call(r.callerNumberDelete, { ids })),
  };
};
