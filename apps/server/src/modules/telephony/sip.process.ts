import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';

/** Whether util-linux's setpriv can set the parent-death signal: asked once, at the first daemon, not at start. */
let hasSetpriv: boolean | undefined;
const canSetpriv = () => {
  hasSetpriv ??= spawnSync('setpriv', ['--help'], { encoding: 'utf8' }).stdout?.includes('--pdeathsig') ?? false;
  return hasSetpriv;
};

/**
 * The command and arguments that run `command` so that it gets SIGTERM when this process dies,
 * however it dies (util-linux's setpriv sets the parent-death signal, then executes it): a server
 * killed with SIGKILL does not leave Kamailio or rtpengine holding their ports. Where setpriv is
 * missing, only the `exit` handler of startTiedProcess is left.
 */
const diesWithParent = (command: string, args: string[]): [string, string[]] =>
  canSetpriv() ? ['setpriv', ['--pdeathsig', 'TERM', '--', command, ...args]] : [command, args];

export type TProcessExit = { code: number | null; signal: NodeJS.Signals | null };

export type TTiedProcess = {
  /** Its process id (Kamailio's main process), also the id of its process group. */
  pid: number | undefined;
  /** What it has written to its log file so far. */
  log: () => string;
  hasExited: () => boolean;
  /** Resolves once it has exited, with how. */
  exited: Promise<TProcessExit>;
  /** SIGTERM, then SIGKILL after 5 s; resolves once it is gone. */
  stop: () => Promise<void>;
};

/** SIGKILL to every process of the group `pid` leads; nothing when none is left. */
const killGroup = (pid: number | undefined) => {
  if (!pid) return;
  try {
    process.kill(-pid, 'SIGKILL');
  } catch {}
};

/**
 * Starts a daemon of the telephony (Kamailio, rtpengine) tied to this process's life: killed with
 * it (parent-death signal, and SIGKILL on `exit`), its output appended to `logPath` unless the log
 * is inherited. It leads a process group of its own: Kamailio's workers outlive a main process
 * killed with SIGKILL (they hold its ports), so when the main process is gone the rest of its group
 * is killed too.
 */
export const startTiedProcess = (
  command: string,
  args: string[],
  opts: { cwd: string; logPath: string; isLogInherited?: boolean },
): TTiedProcess => {
  const logFd = fs.openSync(opts.logPath, 'a');
  const output = opts.isLogInherited ? 'inherit' : logFd;
  const [file, fileArgs] = diesWithParent(command, args);
  const child = spawn(file, fileArgs, { cwd: opts.cwd, stdio: ['ignore', output, output], detached: true });
  fs.closeSync(logFd);
  const killOnExit = () => killGroup(child.pid);
  process.once('exit', killOnExit);
  let isExited = false;
  const exited = new Promise<TProcessExit>((resolve) => {
    const onExit = (code: number | null, signal: NodeJS.Signals | null) => {
      isExited = true;
      killGroup(child.pid);
      process.removeListener('exit', killOnExit);
      resolve({ code, signal });
    };
    child.once('exit', onExit);
    // Not started at all (no such command): no exit event follows.
    child.once('error', () => onExit(null, null));
  });
  return {
    pid: child.pid,
    log: () => (fs.existsSync(opts.logPath) ? fs.readFileSync(opts.logPath, 'utf8') : ''),
    hasExited: () => isExited,
    exited,
    stop: async () => {
      process.removeListener('exit', killOnExit);
      if (isExited) return;
      child.kill('SIGTERM');
      const timer = setTimeout(() => killGroup(child.pid), 5000);
      await exited;
      clearTimeout(timer);
    },
  };
};

/** The pino logger's shape, as much as supervision uses. */
export type TProcessLogger = {
  info: (obj: object, msg: string) => void;
  warn: (obj: object, msg: string) => void;
};

/** A logger writing one line per event into a daemon's log file (when no server logger is given). */
export const fileLogger = (logPath: string): TProcessLogger => {
  const write = (level: string) => (obj: object, msg: string) =>
    fs.appendFileSync(logPath, `[supervisor] ${level} ${msg} ${JSON.stringify(obj)}\n`);
  return { info: write('INFO'), warn: write('WARN') };
};

/** How soon a daemon that died is started again. */
export type TBackoff = {
  /** The first restart's delay, doubled at each further one... */
  initialMs: number;
  /** ...up to this. */
  maxMs: number;
  /** A daemon that stayed up this long before it died starts again after `initialMs`. */
  stableMs: number;
};

export const defaultBackoff: TBackoff = { initialMs: 500, maxMs: 30_000, stableMs: 60_000 };

/**
 * The delay before the next start, and the one after it, given how long the daemon stayed up
 * this time (`nextMs` is the delay saved from its previous death).
 */
export const restartDelay = (nextMs: number, upMs: number, backoff: TBackoff): { delayMs: number; nextMs: number } => {
  const delayMs = upMs >= backoff.stableMs ? backoff.initialMs : nextMs;
  return { delayMs, nextMs: Math.min(delayMs * 2, backoff.maxMs) };
};

export type TSupervisedProcess = {
  /** The process running now (or the last one, while a restart waits). */
  current: () => TTiedProcess;
  /** How many times it was started again after dying. */
  restarts: () => number;
  /** Ends the supervision and stops the process. */
  stop: () => Promise<void>;
};

/**
 * Keeps a daemon running: `first` (already started and found ready) is started again with `start`
 * whenever it exits without being stopped, after a backoff (TBackoff), each death and start logged.
 * `beforeRestart` runs before each new start (Kamailio's lost dialogs are marked there).
 */
export const superviseProcess = (
  name: string,
  first: TTiedProcess,
  start: () => TTiedProcess,
  opts: {
    logger: TProcessLogger;
    backoff?: Partial<TBackoff>;
    /** `last`: how the process that died ended and how long it ran; `restarts`: how many starts came before. */
    beforeRestart?: (last: TProcessExit & { upMs: number; restarts: number }) => void | Promise<void>;
  },
): TSupervisedProcess => {
  const backoff = { ...defaultBackoff, ...opts.backoff };
  let current = first;
  let startedAt = Date.now();
  let nextMs = backoff.initialMs;
  let restarts = 0;
  let lastExit: TProcessExit & { upMs: number } = { code: null, signal: null, upMs: 0 };
  let isStopped = false;
  let timer: ReturnType<typeof setTimeout> | null = null;

  const restart = async () => {
    timer = null;
    if (isStopped) return;
    try {
      await opts.beforeRestart?.({ ...lastExit, restarts });
      if (isStopped) return;
      current = start();
    } catch (error) {
      opts.logger.warn({ daemon: name, error: (error as Error).message }, `${name} could not be started again`);
      return scheduleAfter(0);
    }
    startedAt = Date.now();
    restarts++;
    opts.logger.info({ daemon: name, pid: current.pid, restarts }, `${name} started again`);
    watch(current);
  };

  const scheduleAfter = (upMs: number) => {
    const next = restartDelay(nextMs, upMs, backoff);
    nextMs = next.nextMs;
    timer = setTimeout(() => void restart(), next.delayMs);
    return next.delayMs;
  };

  const watch = (proc: TTiedProcess) => {
    void proc.exited.then(({ code, signal }) => {
      if (isStopped || proc !== current) return;
      const upMs = Date.now() - startedAt;
      lastExit = { code, signal, upMs };
      const delayMs = scheduleAfter(upMs);
      opts.logger.warn(
        { daemon: name, pid: proc.pid, code, signal, upMs, restartInMs: delayMs },
        `${name} exited unexpectedly; starting it again`,
      );
    });
  };
  watch(first);

  return {
    current: () => current,
    restarts: () => restarts,
    stop: async () => {
      isStopped = true;
      if (timer) clearTimeout(timer);
      await current.stop();
    },
  };
};
