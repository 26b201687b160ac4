import fs from 'node:fs';
import { createRequire } from 'node:module';
import type { TFvadModule } from '@echogarden/fvad-wasm';

/** The rates WebRTC's VAD takes; a recording at another rate is resampled to the nearest below 16 kHz. */
export const vadRates = [8000, 16000, 32000, 48000] as const;

/** One VAD decision per 20 ms (the detector takes 10, 20 or 30 ms frames). */
export const frameMs = 20;

/**
 * Aggressiveness 0-3 of WebRTC's VAD: 3 reports the fewest non-speech frames as speech, which a
 * telephone line's hiss and comfort noise need (measured on the tests' recordings).
 */
const vadMode = 3;

let loading: Promise<TFvadModule> | null = null;

/**
 * The detector's WebAssembly, compiled once per process. Its bytes are handed over rather than
 * found beside the package's script: the server's bundle moves that script, not the .wasm file.
 */
const fvadModule = () => {
  loading ??= (async () => {
    const require = createRequire(import.meta.url);
    const wasmBinary = await fs.promises.readFile(require.resolve('@echogarden/fvad-wasm/fvad.wasm'));
    const { default: fvad } = await import('@echogarden/fvad-wasm');
    return fvad({ wasmBinary });
  })();
  loading.catch(() => {
    loading = null;
  });
  return loading;
};

export type TVad = {
  /** Samples of one frame at the detector's rate (rate / 1000 * frameMs). */
  frameSamples: number;
  /** Whether the frame is speech. */
  isSpeech: (frame: Int16Array) => boolean;
  free: () => void;
};

/** One detector (its state follows one channel) at `rate`, one of vadRates. */
export const createVad = async (rate: (typeof vadRates)[number]): Promise<TVad> => {
  const m = await fvadModule();
  const handle = m._fvad_new();
  if (!handle) throw new Error('fvad_new failed');
  if (m._fvad_set_sample_rate(handle, rate) !== 0 || m._fvad_set_mode(handle, vadMode) !== 0) {
    m._fvad_free(handle);
    throw new Error(`fvad refused rate ${rate}`);
  }
  const frameSamples = (rate / 1000) * frameMs;
  const pointer = m._malloc(frameSamples * 2);
  return {
    frameSamples,
    isSpeech: (frame) => {
      // The heap's view is taken each time: it is replaced when the module's memory grows.
      m.HEAP16.set(frame, pointer >> 1);
      const verdict = m._fvad_process(handle, pointer, frameSamples);
      if (verdict < 0) throw new Error('fvad_process failed');
      return verdict === 1;
    },
    free: () => {
      m._free(pointer);
      m._fvad_free(handle);
    },
  };
};
