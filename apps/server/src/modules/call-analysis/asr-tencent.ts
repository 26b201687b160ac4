import fs from 'node:fs';
import type { Agent } from 'node:http';
import type { TCallSide, TCallTranscript } from '@yunhu/contract';
import type { TSpeechConfig } from '../../config.js';
import type { TAsrAdapter, TAsrInput } from './speech.adapter.js';
import { SpeechVendorError } from './speech.adapter.js';

export type TTencentAsrConfig = Omit<Extract<TSpeechConfig['asr'], { kind: 'tencent' }>, 'kind'>;

/** CreateRecTask takes a file in the request up to this size (before base64); a larger one by its link. */
export const tencentMaxBytes = 5 * 1024 * 1024;

/**
 * Where CreateRecTask takes the recording from: in the request (SourceType 1) up to 5 MB; a larger
 * one by the link Tencent fetches it from (SourceType 0), which only a bucket gives. Sized before it
 * is read: a long call's recording is never held in memory only to be refused.
 */
const sourceOf = async (input: TAsrInput) => {
  if ((await fs.promises.stat(input.file)).size > tencentMaxBytes) {
    const url = await input.link?.();
    if (!url) {
      throw new SpeechVendorError('录音超过 5MB：腾讯云录音文件识别需从链接读取，请使用对象存储（STORAGE=s3）');
    }
    return { SourceType: 0, Url: url };
  }
  const audio = await fs.promises.readFile(input.file);
  return { SourceType: 1, Data: audio.toString('base64'), DataLen: audio.length };
};

/** Tencent's task states (DescribeTaskStatus `Status`). */
const taskState = { waiting: 0, doing: 1, success: 2, failed: 3 } as const;

type TSentence = { FinalSentence?: string; StartMs?: number; EndMs?: number; SpeakerId?: number };
type TTaskStatus = { Status?: number; StatusStr?: string; ErrorMsg?: string; ResultDetail?: TSentence[] | null };

const sleep = (ms: number, signal?: AbortSignal) =>
  new Promise<void>((resolve, reject) => {
    const timer = setTimeout(resolve, ms);
    signal?.addEventListener(
      'abort',
      () => {
        clearTimeout(timer);
        reject(signal.reason);
      },
      { once: true },
    );
  });

/**
 * The channel a sentence came from: with two channels SpeakerId 0 is the left (agent), 1 the right;
 * a mono file of both sides mixed has no channel to tell them by (none: 单声道).
 */
const sideOf = (input: TAsrInput, sentence: TSentence): TCallSide | null =>
  input.isMono ? null : (input.side ?? (sentence.SpeakerId === 1 ? 'customer' : 'agent'));

/** The sentences of a finished task, in the order they were spoken. */
export const transcriptOfTencent = (input: TAsrInput, status: TTaskStatus, engine: string): TCallTranscript => ({
  engine,
  isSimulated: false,
  segments: (status.ResultDetail ?? [])
    .filter((s) => (s.FinalSentence ?? '').trim() !== '')
    .map((s) => ({
      side: sideOf(input, s),
      fromSec: Math.round((s.StartMs ?? 0) / 10) / 100,
      toSec: Math.round((s.EndMs ?? 0) / 10) / 100,
      text: s.FinalSentence!.trim(),
    }))
    .sort((a, b) => a.fromSec - b.fromSec),
  note: '',
});

/**
 * Tencent Cloud ASR's recording-file recognition through Tencent's own SDK
 * (`tencentcloud-sdk-nodejs-asr`): CreateRecTask with the file in the request (SourceType 1: the
 * server needs no public address), two channels for a stereo call so the engine keeps the sides
 * apart (one for a mono recording, whose sentences then have no side), sentences with their times and punctuation (ResTextFormat 2); then DescribeTaskStatus until
 * the task succeeds or fails. The SDK is loaded when the adapter is configured, not with the server.
 */
export const createTencentAsr = async (
  config: TTencentAsrConfig,
  /** Where the SDK's requests go instead (tests: plain HTTP to a loopback server). */
  transport?: { protocol: 'http://'; agent: Agent },
): Promise<TAsrAdapter> => {
  const { asr } = await import('tencentcloud-sdk-nodejs-asr');
  const client = new asr.v20190614.Client({
    credential: { secretId: config.secretId, secretKey: config.secretKey },
    region: config.region,
    profile: { httpProfile: { endpoint: config.endpoint, ...transport } },
  });
  const engine = `腾讯云录音文件识别（${config.engine}）`;
  /** The SDK throws its own exception with Tencent's code and message: kept as the reason. */
  const call = async <T>(what: () => Promise<T>): Promise<T> => {
    try {
      return await what();
    } catch (error) {
      const e = error as { code?: string; message?: string };
      if (e.code) throw new SpeechVendorError(`腾讯云语音识别：${e.code} ${e.message ?? ''}`.trim());
      throw error;
    }
  };

  return {
    engine,
    isCloud: true,
    transcribe: async (input) => {
      const created = await call(async () =>
        client.CreateRecTask({
          EngineModelType: config.engine,
          ChannelNum: input.side || input.isMono ? 1 : 2,
          ResTextFormat: 2,
          ...(await sourceOf(input)),
        }),
      );
      const taskId = created.Data?.TaskId;
      if (taskId === undefined) throw new SpeechVendorError('腾讯云语音识别未返回任务号');
      const deadline = Date.now() + config.timeoutSeconds * 1000;
      for (;;) {
        await sleep(config.pollSeconds * 1000, input.signal);
        const status: TTaskStatus = (await call(() => client.DescribeTaskStatus({ TaskId: taskId }))).Data ?? {};
        if (status.Status === taskState.success) return transcriptOfTencent(input, status, engine);
        if (status.Status === taskState.failed) {
          throw new SpeechVendorError(`腾讯云语音识别失败：${status.ErrorMsg || status.StatusStr || '未说明原因'}`);
        }
        if (Date.now() > deadline) throw new Error(`Tencent ASR task ${taskId} not done in ${config.timeoutSeconds} s`);
      }
    },
  };
};
