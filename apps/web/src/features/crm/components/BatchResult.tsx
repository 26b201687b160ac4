import { useQueryClient } from '@tanstack/react-query';
import type { TBatchResult } from '@yunhu/contract';
import { type ReactNode, useState } from 'react';
import * as t from '../../../locales/zh-CN';
import { feedback } from '../../../shared/feedback';
import { lazyComponent } from '../../../shared/lazyComponent';
import { OnceOpened } from '../../../shared/modal/OnceOpened';
import { invalidateCustomers } from '../api';
import type { TShown } from './BatchResultModal';

// The result dialog (a table of the refused) loads with the first batch that had refusals.
const BatchResultModal = lazyComponent(() => import('./BatchResultModal'), 'BatchResultModal');

const c = t.crm;

/**
 * Runs a batch action and reports it: a plain "成功 N 条" message when everything went through,
 * the result dialog when something was refused; customer queries are refreshed either way.
 */
export const useBatchRunner = (): {
  run: (
    action: string,
    work: Promise<TBatchResult>,
    onResult?: (result: TBatchResult) => void,
  ) => Promise<TBatchResult | null>;
  node: ReactNode;
} => {
  const client = useQueryClient();
  const [shown, setShown] = useState<TShown>(null);
  const run = async (action: string, work: Promise<TBatchResult>, onResult?: (result: TBatchResult) => void) => {
    try {
      const result = await work;
      // Before the refresh: a page the customer has left (released, deleted) navigates away first.
      onResult?.(result);
      if (result.refused.length === 0) feedback.message.success(`${action}：${c.resultDone(result.done)}`);
      else setShown({ action, result });
      return result;
    } catch {
      // The HTTP client already showed the server's message.
      return null;
    } finally {
      void invalidateCustomers(client);
    }
  };
  const node = (
    <OnceOpened open={shown !== null}>
      <BatchResultModal shown={shown} onClose={() => setShown(null)} />
    </OnceOpened>
  );
  return { run, node };
};
