import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.js';
import { rulesEngine } from './analyst-rules.js';
import { devAsrEngine } from './asr-dev.js';
import { createSpeechAdapters } from './speech.adapters.js';

describe('speech adapters chosen by the settings', () => {
  it('run the development ones outside production and none in production unless chosen', async () => {
    const dev = await createSpeechAdapters(loadConfig({}).speech, { hasDevCarrier: true, hasCarrierSimulator: true });
    expect([dev.asr?.engine, dev.asr?.isCloud, dev.analyst?.engine]).toEqual([devAsrEngine, false, rulesEngine]);
    expect(
      await createSpeechAdapters(loadConfig({ NODE_ENV: 'production' }).speech, {
        hasDevCarrier: false,
        hasCarrierSimulator: false,
      }),
    ).toEqual({
      asr: null,
      analyst: null,
    });
  });

  it('build the cloud ones from their settings, and refuse to start without the keys', async () => {
    const cloud = await createSpeechAdapters(
      loadConfig({
        NODE_ENV: 'production',
        CALL_ASR: 'tencent',
        TENCENT_ASR_SECRET_ID: 'AKID',
        TENCENT_ASR_SECRET_KEY: 'key',
        CALL_ANALYST: 'openai',
        ANALYST_BASE_URL: 'https://api.deepseek.com/v1',
        ANALYST_API_KEY: 'sk',
        ANALYST_MODEL: 'deepseek-chat',
      }).speech,
      { hasDevCarrier: false, hasCarrierSimulator: false },
    );
    expect([cloud.asr?.engine, cloud.asr?.isCloud, cloud.analyst?.engine]).toEqual([
      '腾讯云录音文件识别（8k_zh）',
      true,
      '大模型分析（deepseek-chat）',
    ]);
    expect(() => loadConfig({ CALL_ASR: 'tencent' })).toThrow('TENCENT_ASR_SECRET_ID、TENCENT_ASR_SECRET_KEY');
    expect(() => loadConfig({ CALL_ANALYST: 'openai', ANALYST_API_KEY: 'sk' })).toThrow(
      'ANALYST_BASE_URL、ANALYST_MODEL',
    );
  });
});
