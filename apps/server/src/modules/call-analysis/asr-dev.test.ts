import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  createDevAsr,
  devAsrEngine,
  devCallBackAgentScriptPath,
  devCarrierScriptPath,
  loadSpeechScript,
  scriptTranscript,
} from './asr-dev.js';
import { analyseRecording } from './signal.analyse.js';

const script = { text: '您好，这里是测试。对方不是客户。', spokenSec: 6 };

describe('development speech-to-text', () => {
  it("reads the carrier simulator's script from the file its WAV was made from", () => {
    const loaded = loadSpeechScript();
    expect(loaded.text).toBe('您好，这里是云呼模拟运营商，这是一通测试通话，对方不是真实客户。');
    // The WAV is the spoken script and the loop's 1.5 s pause (8 kHz A-law: a byte a sample, 46-byte header).
    const wavSec = (fs.statSync(devCarrierScriptPath.replace('.json', '.wav')).size - 46) / 8000;
    expect(loaded.spokenSec).toBeCloseTo(wavSec - 1.5, 1);
  });

  it('places a whole recitation where the customer spoke, joining the pauses at its commas', () => {
    expect(
      scriptTranscript(script, [
        [3.2, 4.1],
        [4.4, 6.5],
        [6.8, 9.2],
        [10.7, 12.0],
      ]),
    ).toEqual([
      { side: 'customer', fromSec: 3.2, toSec: 9.2, text: '您好，这里是测试。对方不是客户。' },
      { side: 'customer', fromSec: 10.7, toSec: 12.0, text: '您好，这里是测试。' },
    ]);
  });

  it('has no text where nobody spoke, and says why the agent has none', async () => {
    const asr = createDevAsr(script);
    const silent = await asr.transcribe({ file: 'x.wav', side: null, speech: { agent: [[0.5, 2]], customer: [] } });
    expect(silent).toEqual({
      engine: devAsrEngine,
      isSimulated: true,
      segments: [],
      note: '客户一侧没有说话；坐席一侧不做模拟识别',
    });
  });

  it('gives no transcript at all without the carrier simulator, and says so', async () => {
    const none = await createDevAsr(null).transcribe({
      file: 'x.wav',
      side: null,
      speech: { agent: [[0.5, 2]], customer: [[3, 9]] },
    });
    expect(none.segments).toEqual([]);
    expect(none.note).toContain('未使用模拟运营商时没有转写');
  });

  it('knows the script only on the recordings a development carrier made, and not in a mono one', async () => {
    const speech = { agent: [[0.5, 2]], customer: [[3, 9]] } as const;
    // The call-back carrier is the simulator, the soft-phone's trunk a real one.
    const asr = createDevAsr(script, { gateway: false, carrier: true });
    const callBack = await asr.transcribe({ file: 'x.wav', side: null, source: 'carrier', speech });
    expect(callBack.segments.map((s) => [s.side, s.text])).toEqual([['customer', script.text]]);
    const softPhone = await asr.transcribe({ file: 'x.wav', side: null, source: 'gateway', speech });
    expect(softPhone).toMatchObject({ segments: [], note: expect.stringContaining('未使用模拟运营商时没有转写') });
    const mono = await asr.transcribe({ file: 'x.wav', side: null, isMono: true, source: 'carrier', speech });
    expect(mono).toMatchObject({ segments: [], note: '单声道录音分不出客户的声音，开发环境的模拟识别不转写' });
  });

  it("knows the call-back simulator's agent line on its calls, in time order, never the soft-phone's person", async () => {
    const agentLine = { text: '您好，我是坐席。', spokenSec: 2 };
    const asr = createDevAsr(script, { gateway: true, carrier: true }, agentLine);
    const speech = {
      agent: [
        [0.5, 2.4],
        [12, 13],
      ],
      customer: [[3, 9]],
    } as const;
    const callBack = await asr.transcribe({ file: 'x.wav', side: null, source: 'carrier', speech });
    expect(callBack.segments.map((s) => [s.side, s.fromSec, s.text])).toEqual([
      ['agent', 0.5, '您好，我是坐席。'],
      ['customer', 3, script.text],
      ['agent', 12, '您好，我是坐席。'],
    ]);
    expect(callBack.note).toBe('');
    const softPhone = await asr.transcribe({ file: 'x.wav', side: null, source: 'gateway', speech });
    expect(softPhone.segments.map((s) => s.side)).toEqual(['customer']);
    expect(softPhone.note).toBe('坐席一侧不做模拟识别');
  });

  it("reads the call-back simulator's agent line from the file its WAV was made from", () => {
    const line = loadSpeechScript(devCallBackAgentScriptPath);
    expect(line.text).toBe('您好，我是云呼的坐席，方便聊两句吗？');
    expect(line.spokenSec).toBeGreaterThan(1);
  });

  it("finds the script's recitations in the simulator's own audio, and a sentence cut short keeps only its start", async () => {
    // The customer's channel as a call to the development carrier records it: the WAV twice, then
    // hung up 2 s into the third; the agent silent (A-law 0xD5). A stereo A-law WAV of both.
    const wav = fs.readFileSync(devCarrierScriptPath.replace('.json', '.wav'));
    const sentence = wav.subarray(46);
    const customer = Buffer.concat([sentence, sentence, sentence.subarray(0, 16_000)]);
    const body = Buffer.alloc(customer.length * 2, 0xd5);
    customer.forEach((b, i) => {
      body[i * 2 + 1] = b;
    });
    const header = Buffer.from(wav.subarray(0, 46));
    header.writeUInt32LE(38 + body.length, 4);
    header.writeUInt16LE(2, 22);
    header.writeUInt32LE(16_000, 28);
    header.writeUInt16LE(2, 32);
    header.writeUInt32LE(body.length, 42);
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'asr-dev-'));
    const file = path.join(dir, 'call.wav');
    fs.writeFileSync(file, Buffer.concat([header, body]));
    try {
      const figures = await analyseRecording(file);
      const transcript = await createDevAsr(loadSpeechScript()).transcribe({
        file,
        side: null,
        speech: { agent: figures.agentSegments, customer: figures.customerSegments },
      });
      const script = loadSpeechScript().text;
      expect(transcript.segments.map((s) => s.text)).toEqual([script, script, '您好，这里是云呼模拟运营商，']);
      // Each recitation where the customer's speech began and ended, a loop (12.56 s) apart.
      const [first, second] = transcript.segments;
      expect(first!.fromSec).toBe(figures.customerSegments[0]![0]);
      expect(second!.fromSec - first!.fromSec).toBeCloseTo(sentence.length / 8000, 0);
      expect(transcript.note).toBe('');
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
