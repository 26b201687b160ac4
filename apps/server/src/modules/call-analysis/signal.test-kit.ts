import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ensureScript = fileURLToPath(new URL('../../../../../scripts/ensure-audio-tools.sh', import.meta.url));

/**
 * Why the recordings with known speech cannot be made here (null when they can): espeak-ng and sox
 * from Debian, installed by scripts/ensure-audio-tools.sh when missing and allowed.
 */
export const audioToolsMissing = (): string | null => {
  const ensured = spawnSync('bash', [ensureScript], { encoding: 'utf8' });
  return ensured.status === 0
    ? null
    : `无法安装 espeak-ng 与 sox，跳过用合成语音检验通话分析的测试：${(ensured.stderr || ensured.stdout).trim()}`;
};

/** Mandarin sentences without pauses, long enough to cut any utterance of the tests from. */
const sentences = [
  '您好我是云呼科技的客户经理小王想跟您介绍一下我们最新推出的外呼系统它可以帮助您的团队提高效率',
  '我现在正在开会不太方便接听你们的电话请问这个系统一个月大概需要多少钱能不能发一份资料给我看看',
];

/** A spoken utterance: who says it, from when, for how long (seconds). */
export type TUtterance = { side: 'agent' | 'customer'; from: number; seconds: number };

export type TRecordingOptions = {
  /** Whole length of the recording (seconds). */
  seconds: number;
  utterances: readonly TUtterance[];
  rate?: number;
  /** sox's output encoding options, e.g. ['-e', 'a-law', '-b', '8']; default 16-bit signed PCM. */
  encoding?: readonly string[];
  /** Line hiss under both channels, as sox's whitenoise volume (0: digital silence). */
  noise?: number;
  /** One channel only: the agent's and the customer's voices mixed. */
  isMono?: boolean;
};

/**
 * The agent greets (0-2 s), a silence, the customer answers (3.5-6 s), the agent cuts in before
 * he has finished (5.2-7 s: 0.8 s of 抢话), another silence, the customer's last words (8.5-9.5 s).
 */
export const conversation: TRecordingOptions = {
  seconds: 10,
  utterances: [
    { side: 'agent', from: 0, seconds: 2 },
    { side: 'customer', from: 3.5, seconds: 2.5 },
    { side: 'agent', from: 5.2, seconds: 1.8 },
    { side: 'customer', from: 8.5, seconds: 1 },
  ],
};

const sox = (args: readonly string[]) => execFileSync('sox', args, { stdio: ['ignore', 'ignore', 'pipe'] });

/**
 * A call recording with speech exactly where `utterances` say: espeak-ng's Mandarin voice (a
 * different pitch per side), its leading silence trimmed and cut to length, placed on its side's
 * channel (agent left, customer right) over silence or hiss.
 */
export const makeRecording = (dir: string, name: string, opts: TRecordingOptions): string => {
  const work = fs.mkdtempSync(path.join(dir, `${name}-`));
  const channel = (side: 'agent' | 'customer') => {
    const base = path.join(work, `${side}-base.wav`);
    const floor = opts.noise ? ['synth', String(opts.seconds), 'whitenoise', 'vol', String(opts.noise)] : [];
    sox(['-n', '-r', '8000', '-c', '1', '-b', '16', base, 'trim', '0', String(opts.seconds), ...floor]);
    const parts = opts.utterances
      .filter((u) => u.side === side)
      .map((u, i) => {
        const raw = path.join(work, `${side}-${i}-raw.wav`);
        const text = sentences[i % sentences.length]!;
        execFileSync('espeak-ng', ['-v', 'cmn', '-p', side === 'agent' ? '35' : '70', '-w', raw, text]);
        const placed = path.join(work, `${side}-${i}.wav`);
        // Leading silence off, cut to the utterance's length, then delayed to its start.
        sox([
          raw,
          '-r',
          '8000',
          '-c',
          '1',
          '-b',
          '16',
          placed,
          'silence',
          '1',
          '0.02',
          '1%',
          'trim',
          '0',
          String(u.seconds),
          'pad',
          String(u.from),
        ]);
        return placed;
      });
    const out = path.join(work, `${side}.wav`);
    const inputs = parts.length ? ['-m', '-v', '1', base, ...parts.flatMap((p) => ['-v', '1', p])] : [base];
    sox([...inputs, out, 'trim', '0', String(opts.seconds)]);
    return out;
  };
  const agent = channel('agent');
  const customer = channel('customer');
  const file = path.join(dir, `${name}.wav`);
  const format = ['-r', String(opts.rate ?? 8000), ...(opts.encoding ?? ['-e', 'signed-integer', '-b', '16'])];
  if (opts.isMono) sox(['-m', agent, customer, '-c', '1', ...format, file]);
  else sox(['-M', agent, customer, ...format, file]);
  fs.rmSync(work, { recursive: true });
  return file;
};

export const tempDir = () => fs.mkdtempSync(path.join(os.tmpdir(), 'call-analysis-'));
