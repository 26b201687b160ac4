import fs from 'node:fs';
import http from 'node:http';
import net, { type AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTencentAsr, tencentMaxBytes } from './asr-tencent.js';
import { SpeechVendorError, type TAsrAdapter } from './speech.adapter.js';

/** An agent that takes every connection the SDK opens to the loopback server, whatever the host. */
const toLoopback = (port: number) => {
  const agent = new http.Agent();
  agent.createConnection = () => net.connect(port, '127.0.0.1');
  return agent;
};

type TSeen = { host: string; action: string; version: string; authorization: string; body: Record<string, unknown> };

/**
 * The Tencent adapter through Tencent's SDK against a loopback server that answers as the API
 * reference shows (CreateRecTask, DescribeTaskStatus with ResultDetail, the Error envelope): the
 * request the SDK signs and sends, and what is read from the answer. Nothing leaves the machine.
 */
describe('Tencent Cloud ASR adapter', () => {
  const seen: TSeen[] = [];
  let answers: Record<string, unknown>[] = [];
  let server: http.Server;
  let asr: TAsrAdapter;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'asr-tencent-'));
  const file = path.join(dir, 'call.wav');
  fs.writeFileSync(file, Buffer.from('RIFF....WAVEfmt stereo call'));
  const speech = { agent: [], customer: [] };

  beforeAll(async () => {
    server = http.createServer((req, res) => {
      let raw = '';
      req.on('data', (c) => {
        raw += c;
      });
      req.on('end', () => {
        seen.push({
          action: String(req.headers['x-tc-action']),
          version: String(req.headers['x-tc-version']),
          authorization: String(req.headers.authorization),
          host: String(req.headers.host),
          body: JSON.parse(raw),
        });
        res.setHeader('Content-Type', 'application/json');
        res.end(JSON.stringify({ Response: { ...answers.shift(), RequestId: 'req-1' } }));
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    asr = await createTencentAsr(
      {
        secretId: 'AKIDtest',
        secretKey: 'secret',
        region: 'ap-shanghai',
        engine: '8k_zh',
        endpoint: 'asr.tencentcloudapi.com',
        pollSeconds: 0.01,
        timeoutSeconds: 5,
      },
      { protocol: 'http://', agent: toLoopback((server.address() as AddressInfo).port) },
    );
  });
  afterAll(() => {
    server.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });
  beforeEach(() => {
    seen.length = 0;
  });

  it('submits a stereo recording as two channels in the request, polls, and reads each channel as its side', async () => {
    answers = [
      { Data: { TaskId: 1234567890 } },
      { Data: { TaskId: 1234567890, Status: 1, StatusStr: 'doing', Result: '', ErrorMsg: '' } },
      {
        Data: {
          TaskId: 1234567890,
          Status: 2,
          StatusStr: 'success',
          AudioDuration: 12.6,
          Result: '[0:0.560,0:2.100,0]  您好，请问是王先生吗？\n[0:2.600,0:4.020,1]  是我，什么事？\n',
          ErrorMsg: '',
          ResultDetail: [
            {
              FinalSentence: '是我，什么事？',
              SliceSentence: '是 我 什么 事',
              StartMs: 2600,
              EndMs: 4020,
              WordsNum: 4,
              Words: [{ Word: '是', OffsetStartMs: 0, OffsetEndMs: 200 }],
              SpeechSpeed: 3.5,
              SpeakerId: 1,
            },
            {
              FinalSentence: '您好，请问是王先生吗？',
              SliceSentence: '您好 请问 是 王 先生 吗',
              StartMs: 560,
              EndMs: 2100,
              WordsNum: 6,
              Words: [],
              SpeechSpeed: 4.1,
              SpeakerId: 0,
            },
            { FinalSentence: '', StartMs: 4100, EndMs: 4200, SpeakerId: 1 },
          ],
        },
      },
    ];
    const transcript = await asr.transcribe({ file, side: null, speech });
    expect(seen.map((s) => s.action)).toEqual(['CreateRecTask', 'DescribeTaskStatus', 'DescribeTaskStatus']);
    expect(seen[0]!.host).toBe('asr.tencentcloudapi.com');
    expect(seen[0]!.version).toBe('2019-06-14');
    expect(seen[0]!.authorization).toMatch(/^TC3-HMAC-SHA256 Credential=AKIDtest\/\d{4}-\d{2}-\d{2}\/asr\/tc3_request/);
    expect(seen[0]!.body).toEqual({
      EngineModelType: '8k_zh',
      ChannelNum: 2,
      ResTextFormat: 2,
      SourceType: 1,
      Data: fs.readFileSync(file).toString('base64'),
      DataLen: fs.statSync(file).size,
    });
    expect(seen[1]!.body).toEqual({ TaskId: 1234567890 });
    expect(transcript).toEqual({
      engine: '腾讯云录音文件识别（8k_zh）',
      isSimulated: false,
      note: '',
      segments: [
        { side: 'agent', fromSec: 0.56, toSec: 2.1, text: '您好，请问是王先生吗？' },
        { side: 'customer', fromSec: 2.6, toSec: 4.02, text: '是我，什么事？' },
      ],
    });
  });

  it("sends a one side's mono file as one channel, and gives its sentences to that side", async () => {
    answers = [
      { Data: { TaskId: 7 } },
      {
        Data: {
          TaskId: 7,
          Status: 2,
          StatusStr: 'success',
          ResultDetail: [{ FinalSentence: '好的。', StartMs: 100, EndMs: 900, SpeakerId: 0 }],
        },
      },
    ];
    const transcript = await asr.transcribe({ file, side: 'customer', speech });
    expect(seen[0]!.body.ChannelNum).toBe(1);
    expect(transcript.segments).toEqual([{ side: 'customer', fromSec: 0.1, toSec: 0.9, text: '好的。' }]);
  });

  it('sends a mono recording of both sides as one channel, its sentences without a side (单声道)', async () => {
    answers = [
      { Data: { TaskId: 9 } },
      {
        Data: {
          TaskId: 9,
          Status: 2,
          StatusStr: 'success',
          ResultDetail: [
            { FinalSentence: '您好，请问是王先生吗？', StartMs: 300, EndMs: 1800, SpeakerId: 0 },
            { FinalSentence: '是我。', StartMs: 2200, EndMs: 2900, SpeakerId: 0 },
          ],
        },
      },
    ];
    const transcript = await asr.transcribe({ file, side: null, isMono: true, source: 'carrier', speech });
    expect(seen[0]!.body.ChannelNum).toBe(1);
    expect(transcript.segments).toEqual([
      { side: null, fromSec: 0.3, toSec: 1.8, text: '您好，请问是王先生吗？' },
      { side: null, fromSec: 2.2, toSec: 2.9, text: '是我。' },
    ]);
  });

  it("stores a failed task's reason, and Tencent's refusal of the key with its code", async () => {
    answers = [
      { Data: { TaskId: 8 } },
      { Data: { TaskId: 8, Status: 3, StatusStr: 'failed', ErrorMsg: 'audio decode failed' } },
    ];
    await expect(asr.transcribe({ file, side: null, speech })).rejects.toThrow(
      new SpeechVendorError('腾讯云语音识别失败：audio decode failed'),
    );
    answers = [{ Error: { Code: 'AuthFailure.SecretIdNotFound', Message: 'The SecretId is not found.' } }];
    const refused = asr.transcribe({ file, side: null, speech });
    await expect(refused).rejects.toBeInstanceOf(SpeechVendorError);
    await expect(refused).rejects.toThrow('AuthFailure.SecretIdNotFound');
  });

  it('refuses a file over the 5 MB the request may carry when it has no link, before sending anything', async () => {
    const big = path.join(dir, 'big.wav');
    fs.writeFileSync(big, Buffer.alloc(tencentMaxBytes + 1));
    await expect(asr.transcribe({ file: big, side: null, speech })).rejects.toBeInstanceOf(SpeechVendorError);
    const folder = asr.transcribe({ file: big, side: null, speech, link: async () => null });
    await expect(folder).rejects.toThrow('STORAGE=s3');
    expect(seen).toEqual([]);
  });

  it('sends a file over 5 MB by its bucket link (SourceType 0), never its bytes', async () => {
    const big = path.join(dir, 'big-linked.wav');
    fs.writeFileSync(big, Buffer.alloc(tencentMaxBytes + 1));
    const url = 'https://recordings.example.com/2026/12/04/call.wav?X-Amz-Signature=abc';
    answers = [
      { Data: { TaskId: 11 } },
      { Data: { TaskId: 11, Status: 2, StatusStr: 'success', Result: '', ErrorMsg: '', ResultDetail: [] } },
    ];
    const transcript = await asr.transcribe({ file: big, side: null, speech, link: async () => url });
    expect(seen[0]!.action).toBe('CreateRecTask');
    expect(seen[0]!.body).toEqual({
      EngineModelType: '8k_zh',
      ChannelNum: 2,
      ResTextFormat: 2,
      SourceType: 0,
      Url: url,
    });
    expect(transcript.segments).toEqual([]);
  });
});
