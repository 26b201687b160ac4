import type { TDatabase, TDb } from '../db/client.js';

/**
 * The database as a process sees it that dies between two transactions (kill -9): every
 * transaction after the first `alive` ones waits until `wake()` (never, for a killed process; the
 * test wakes it at the end to prove a writer that comes back cannot write any more).
 */
export const dyingDatabase = (database: TDatabase, alive: number) => {
  let started = 0;
  /** Transactions of the first `alive` not ended yet (a process writing chunks at once has several). */
  let open = 0;
  let wake: () => void = () => undefined;
  const woken = new Promise<void>((resolve) => {
    wake = resolve;
  });
  const track = <T>(transaction: Promise<T>) => {
    open++;
    return transaction.finally(() => {
      open--;
    });
  };
  const db = new Proxy(database.db, {
    get(target, prop, receiver) {
      if (prop !== 'transaction') return Reflect.get(target, prop, receiver);
      return (...args: Parameters<TDb['transaction']>) =>
        ++started > alive ? woken.then(() => target.transaction(...args)) : track(target.transaction(...args));
    },
  });
  return {
    database: { ...database, db },
    isDead: () => started > alive,
    /** Dead, and none of its transactions still running (what it wrote is all there is). */
    isStill: () => started > alive && open === 0,
    wake,
  };
};
