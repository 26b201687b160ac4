import type { TDatabase, TDb, TPoolStats } from '../../db/client.js';
import { runningImports } from '../../import/import.runner.js';
import { recordingGauges } from '../call-record/index.js';
import { jobQueueCounts, jobQueueHealth } from '../platform-jobs/index.js';
import { gatewayCallIdsAt, gatewaySessionsAt, type TGatewaySessions } from '../telephony/index.js';
import { liveCallIdsAt, wallboardGauges } from '../wallboard/index.js';

/** What a scrape reads of the areas, each through its door; a source that failed or took too long is null. */
export type TSnapshot = {
  pool: TPoolStats | null;
  jobs: { job: string; state: string; n: number }[] | null;
  /** Per job: runs due and waiting, the oldest one's wait, runs kept whose last try expired. */
  queue: Awaited<ReturnType<typeof jobQueueHealth>> | null;
  board: Awaited<ReturnType<typeof wallboardGauges>> | null;
  media: (TGatewaySessions & { orphaned: number }) | null;
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

/**
 * A session the gateway holds for no call under way is left open once it has been so this long:
 * a call's INVITE event reaches the server a moment after its offer reached the gateway, and its
 * hang-up a moment before Kamailio's delete does.
 */
export const orphanGraceMs = 60_000;

/**
 * The gateway's sessions that belong to no call under way (its Call-ID neither a live dial request's
 * nor a live call's without one) for `orphanGraceMs` or more, from one scrape to the next: a call
 * whose end never reached the gateway, or one the server never heard of. Remembers since when each
 * was seen so; forgets it once the gateway let go of it or its call shows up.
 */
export const createOrphanTracker = (graceMs = orphanGraceMs) => {
  const since = new Map<string, number>();
  return (sessions: readonly string[], live: ReadonlySet<string>, now: number) => {
    const held = new Set(sessions);
    for (const id of since.keys()) if (!held.has(id) || live.has(id)) since.delete(id);
    let orphaned = 0;
    for (const id of held) {
      if (live.has(id)) continue;
      const first = since.get(id) ?? now;
      since.set(id, first);
      if (now - first >= graceMs) orphaned++;
    }
    return orphaned;
  };
};

export type TOrphanTracker = ReturnType<typeof createOrphanTracker>;

/** The gateway's figures and its sessions left open; null when it or the database does not answer. */
const mediaOf = async (port: number, db: TDb, now: Date, orphans: TOrphanTracker) => {
  const figures = await gatewaySessionsAt(port);
  const sessions = figures && (await gatewayCallIdsAt(port));
  if (!figures || !sessions) return null;
  const live = new Set(await liveCallIdsAt(db, now));
  return { ...figures, orphaned: orphans(sessions, live, now.getTime()) };
};

export type TSourceDeps = {
  database: TDatabase;
  /** The media gateway's ng control port (MEDIA_NG_PORT); null: no gateway beside this server. */
  mediaNgPort: number | null;
  now?: () => Date;
  /** The sessions left open across scrapes (createMetrics keeps one). */
  orphans?: TOrphanTracker;
};

/**
 * Reads every source one after another (a scrape takes one connection at a time, never the pool's
 * share of a burst of requests). The reads are cheap by construction: partial indexes, small tables,
 * the gateway's counters.
 */
export const readSnapshot = async (deps: TSourceDeps & { orphans: TOrphanTracker }): Promise<TSnapshot> => {
  const { db } = deps.database;
  const now = deps.now?.() ?? new Date();
  const port = deps.mediaNgPort;
  return {
    pool: deps.database.poolStats?.() ?? null,
    jobs: await bounded(() => jobQueueCounts(db)),
    queue: await bounded(() => jobQueueHealth(db)),
    board: await bounded(() => wallboardGauges(db, now)),
    media: port === null ? null : await bounded(() => mediaOf(port, db, now, deps.orphans)),
    recordings: await bounded(() => recordingGauges(db, now)),
    imports: await bounded(() => runningImports(db)),
  };
};
