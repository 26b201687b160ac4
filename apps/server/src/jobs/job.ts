/** How a failed run is tried again: `limit` more times, `delaySeconds` doubling each time (with jitter). */
export type TJobRetry = { limit: number; delaySeconds: number; maxDelaySeconds?: number };

/** What a run gets besides its data: aborted when the queue stops or the run outlives `expireSeconds`. */
export type TJobRun = { signal: AbortSignal; attempt: number };

/**
 * One kind of background work. A run happens once across every server sharing the database (pg-boss
 * claims it with SKIP LOCKED), one at a time per job, and a failed one is tried again with backoff.
 */
export type TJobDef<T extends object = Record<string, never>> = {
  /** `<area>.<what>`: letters, digits, dots and dashes (the queue's name, shown to the operator). */
  name: string;
  run: (data: T, run: TJobRun) => Promise<unknown>;
  /**
   * Seconds from the start of one run to the next (absent or 0: none). A run longer than that is not
   * doubled: the next one waits for it. The chain lives in the database, so a restart continues it.
   */
  everySeconds?: number;
  /** A run as soon as the queue starts, with this data (absent: none). */
  atStart?: () => T;
  /** Default: 3 more tries, 30 s, 60 s, 120 s later (with jitter). */
  retry?: TJobRetry;
  /** How long a run may last before its server counts as gone and the run is tried again. Default 15 min. */
  expireSeconds?: number;
  /** How often a server asks for a due run. Default: a tenth of `everySeconds`, from 2 to 30 s. */
  pollSeconds?: number;
};

export const defaultRetry: TJobRetry = { limit: 3, delaySeconds: 30, maxDelaySeconds: 3600 };

/** How often a server asks whether `def` has a run due. */
export const pollSecondsOf = (def: Pick<TJobDef, 'pollSeconds' | 'everySeconds'>): number =>
  def.pollSeconds ?? Math.min(30, Math.max(2, (def.everySeconds ?? 300) / 10));
