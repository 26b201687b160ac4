import type { TSpeechConfig } from '../../config.js';
import { createRulesAnalyst } from './analyst-rules.js';
import { createDevAsr, devCallBackAgentScriptPath, loadSpeechScript } from './asr-dev.js';
import type { TAsrAdapter, TCallAnalyst } from './speech.adapter.js';

export type TSpeechAdapters = { asr: TAsrAdapter | null; analyst: TCallAnalyst | null };

/**
 * The speech-to-text and the analyst the settings choose; null when off. The cloud SDKs are loaded
 * only when chosen. The development engine knows the carrier simulator's script only where a
 * simulator is the carrier: the soft-phone's trunk (`hasDevCarrier`), the call-back carrier
 * (`hasCarrierSimulator`, whose agent's line it knows too); another line's calls get no transcript
 * from it.
 */
export const createSpeechAdapters = async (
  config: TSpeechConfig,
  opts: { hasDevCarrier: boolean; hasCarrierSimulator: boolean },
): Promise<TSpeechAdapters> => {
  const isDevCarrierSomewhere = opts.hasDevCarrier || opts.hasCarrierSimulator;
  const asr =
    config.asr.kind === 'tencent'
      ? await (await import('./asr-tencent.js')).createTencentAsr(config.asr)
      : config.asr.kind === 'dev'
        ? createDevAsr(
            isDevCarrierSomewhere ? loadSpeechScript() : null,
            { gateway: opts.hasDevCarrier, carrier: opts.hasCarrierSimulator },
            opts.hasCarrierSimulator ? loadSpeechScript(devCallBackAgentScriptPath) : null,
          )
        : null;
  const analyst =
    config.analyst.kind === 'openai'
      ? await (await import('./analyst-openai.js')).createOpenAiAnalyst(config.analyst)
      : config.analyst.kind === 'rules'
        ? createRulesAnalyst()
        : null;
  return { asr, analyst };
};
