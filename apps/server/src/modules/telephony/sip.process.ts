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

export type TTiedProcess = {
  /** What it has written to its log file so far. */
  log: () => string;
  hasExited: () => boolean;
  /** SIGTERM, then SIGKILL after 5 s; resolves once it is gone. */
  stop: () => Promise<void>;
};

/**
 * Starts a daemon of the telephony (Kamailio, rtpengine) tied to this process's life: killed with
 * it (parent-death signal, and SIGKILL on `exit`), its output appended to `logPath` unless the log
 * is inherited.
 */
export const startTiedProcess = (
  command: string,
  args: string[],
  opts: { cwd: string; logPath: string; isLogInherited?: boolean },
): TTiedProcess => {
  const logFd = fs.openSync(opts.logPath, 'a');
  const output = opts.isLogInherited ? 'inherit' : logFd;
  const [file, fileArgs] = diesWithParent(command, args);
  const child = spawn(file, fileArgs, { cwd: opts.cwd, stdio: ['ignore', output, output] });
  fs.closeSync(logFd);
  const killOnExit = () => child.kill('SIGKILL');
  process.once('exit', killOnExit);
  let exited = false;
  const exit = new Promise<void>((resolve) => {
    child.once('exit', () => {
      exited = true;
      resolve();
    });
  });
  return {
    log: () => (fs.existsSync(opts.logPath) ? fs.readFileSync(opts.logPath, 'utf8') : ''),
    hasExited: () => exited,
    stop: async () => {
      process.removeListener('exit', killOnExit);
      if (exited) return;
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 5000);
      await exit;
      clearTimeout(timer);
    },
  };
};
