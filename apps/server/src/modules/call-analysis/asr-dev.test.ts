import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { createDevAsr, devAsrEngine, devCarrierScriptPath, loadSpeechScript, scriptTranscript } from './asr-dev.js';

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
});
