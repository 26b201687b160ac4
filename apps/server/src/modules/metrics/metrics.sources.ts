import type { TDatabase, TPoolStats } from '../../db/client.js';
import { runningImports } from '../../import/import.runner.js';
import { recordingGauges } from '../call-record/index.js';
import { jobQueueCounts } from '../platform-jobs/index.js';
import { gatewaySessionsAt, type TGatewaySessions } from '../telephony/index.js';
import { wallboardGauges } from '../wallboard/index.js';

/** What a scrape reads of the areas, each through its door; a source that failed or took too long is null. */
export type TSnapshot = {
  pool: TPoolStats | null;
  jobs: { job: string; state: string; n: number }[] | null;
  board: Awaited<ReturnType<typeof wallboardGauges>> | null;
  media: TGatewaySessions | null;
  recordings: Awaited<ReturnType<typeof recordingGauges>> | null;
  imports: { kind: string; n: number }[] | null;
};

export type TSourceName = Exclude<keyof TSnapshot, 'pool'>;

/** One source's longest wait: a scrape answers within a few seconds even with the database stuck. */
const sourceTimeoutMs = 2000;

const bounded = async <T>(read: () => Promise<T>): Promise<T | null> => {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<null>((done) => {
    timer = setTimeout(() => done(null), sourceTimeoutMs);
  });
  try {
    return await Promise.race([read().catch(() => null), late]);
  } finally {
    clearTimeout(timer);
  }
};

export type TSourceDeps = {
  database: TDatabase;
  /** The media gateway's ng control port (MEDIA_NG_PORT); null: no gateway beside this server. */
  mediaNgPort: number | null;
  now?: () => Date;
};

/**
 * Reads every source one after another (a scrape takes one connection at a time, never the pool's
 * share of a burst of requests). The reads are cheap by construction: partial indexes, small tables,
 * the gateway's counters.
 */
export const readSnapshot = async (deps: TSourceDeps): Promise<TSnapshot> => {
  const { db } = deps.database;
  const now = deps.now?.() ?? new Date();
  const port = deps.mediaNgPort;
  return {
    pool: deps.database.poolStats?.() ?? null,
    jobs: await bounded(() => jobQueueCounts(db)),
    board: await bounded(() => wallboardGauges(db, now)),
    media: port === null ? null : await bounded(() => gatewaySessionsAt(port)),
    recordings: await bounded(() => recordingGauges(db, now)),
    imports: await bounded(() => runningImports(db)),
  };
};
