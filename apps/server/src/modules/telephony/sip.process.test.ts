import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  defaultBackoff,
  restartDelay,
  startTiedProcess,
  superviseProcess,
  type TProcessLogger,
  type TSupervisedProcess,
} from './sip.process.js';

/**
 * The daemons' supervision with plain shell commands standing in for Kamailio and rtpengine:
 * a process killed with SIGKILL is started again, its leftover children killed first; the delays
 * back off and reset after a long enough life; a stop ends it for good.
 */

/** Running (a killed process that nobody reaped yet is a zombie: not running). */
const isAlive = (pid: number) => {
  try {
    return !/^\d+ \(.*\) Z/.test(fs.readFileSync(`/proc/${pid}/stat`, 'utf8'));
  } catch {
    return false;
  }
};

describe('restartDelay', () => {
  const backoff = { initialMs: 500, maxMs: 30_000, stableMs: 60_000 };
  it('doubles from 0.5 s to 30 s while the daemon keeps dying soon, and starts over after it stayed up', () => {
    let next = backoff.initialMs;
    const delays: number[] = [];
    for (let i = 0; i < 8; i++) {
      const step = restartDelay(next, 1000, backoff);
      delays.push(step.delayMs);
      next = step.nextMs;
    }
    expect(delays).toEqual([500, 1000, 2000, 4000, 8000, 16_000, 30_000, 30_000]);
    expect(restartDelay(next, 60_000, backoff)).toEqual({ delayMs: 500, nextMs: 1000 });
  });

  it('is 0.5 s doubling to 30 s by default', () => {
    expect(defaultBackoff).toMatchObject({ initialMs: 500, maxMs: 30_000 });
  });
});

describe('superviseProcess', () => {
  let dir: string;
  let supervised: TSupervisedProcess | null = null;
  const events: { level: string; msg: string; obj: Record<string, unknown> }[] = [];
  const logger: TProcessLogger = {
    info: (obj, msg) => events.push({ level: 'info', msg, obj: obj as Record<string, unknown> }),
    warn: (obj, msg) => events.push({ level: 'warn', msg, obj: obj as Record<string, unknown> }),
  };
  const start = (script: string) => () =>
    startTiedProcess('sh', ['-c', script], { cwd: dir, logPath: path.join(dir, 'daemon.log') });

  beforeEach(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'yunhu-supervise-'));
    events.length = 0;
  });
  afterEach(async () => {
    await supervised?.stop();
    supervised = null;
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('starts a daemon killed with SIGKILL again, after killing the children it left, and logs both', async () => {
    // The daemon's "worker" writes its pid: it must not outlive the main process.
    const launch = start(`sleep 60 & echo $! > ${dir}/worker.pid; wait`);
    const first = launch();
    supervised = superviseProcess('daemon', first, launch, { logger, backoff: { initialMs: 50 } });
    await expect.poll(() => fs.existsSync(path.join(dir, 'worker.pid'))).toBe(true);
    const worker = Number(fs.readFileSync(path.join(dir, 'worker.pid'), 'utf8'));
    fs.rmSync(path.join(dir, 'worker.pid'));

    process.kill(first.pid!, 'SIGKILL');
    await expect.poll(() => supervised!.restarts(), { timeout: 5000 }).toBe(1);
    expect(supervised.current().pid).not.toBe(first.pid);
    expect(supervised.current().hasExited()).toBe(false);
    await expect.poll(() => isAlive(worker)).toBe(false);
    expect(events.map((e) => [e.level, e.msg])).toEqual([
      ['warn', 'daemon exited unexpectedly; starting it again'],
      ['info', 'daemon started again'],
    ]);
    expect(events[0]!.obj).toMatchObject({ daemon: 'daemon', signal: 'SIGKILL', restartInMs: 50 });
  });

  it('backs off while the daemon keeps dying at once', async () => {
    const launch = start('exit 3');
    supervised = superviseProcess('daemon', launch(), launch, {
      logger,
      backoff: { initialMs: 40, maxMs: 160, stableMs: 10_000 },
    });
    await expect.poll(() => supervised!.restarts(), { timeout: 5000 }).toBeGreaterThanOrEqual(4);
    await supervised.stop();
    const delays = events.filter((e) => e.level === 'warn').map((e) => e.obj.restartInMs);
    expect(delays.slice(0, 4)).toEqual([40, 80, 160, 160]);
    expect(events[0]!.obj).toMatchObject({ code: 3 });
  });

  it('stops for good: a stopped daemon is not started again, nor one that dies while a restart waits', async () => {
    const launch = start('sleep 60');
    const first = launch();
    supervised = superviseProcess('daemon', first, launch, { logger, backoff: { initialMs: 300 } });
    process.kill(first.pid!, 'SIGKILL');
    await expect.poll(() => events.length).toBe(1);
    await supervised.stop();
    await new Promise((r) => setTimeout(r, 500));
    expect(supervised.restarts()).toBe(0);

    const second = launch();
    const other = superviseProcess('daemon', second, launch, { logger, backoff: { initialMs: 10 } });
    await other.stop();
    expect(second.hasExited()).toBe(true);
    await new Promise((r) => setTimeout(r, 200));
    expect(other.restarts()).toBe(0);
  });
});
