/**
 * The incoming-call ringtone, synthesised with WebAudio (no audio asset to download): the Chinese
 * ringing cadence, a 450 Hz tone for 1 s then 4 s of silence, repeated until stopped.
 */
const TONE_HZ = 450;
const ON_S = 1;
const PERIOD_S = 5;
const VOLUME = 0.2;
/** How many periods are scheduled ahead; the loop tops them up. */
const AHEAD = 2;

type TRinging = { ctx: AudioContext; osc: OscillatorNode; gain: GainNode; timer: ReturnType<typeof setInterval> };

let ringing: TRinging | null = null;

const schedule = (gain: GainNode, from: number) => {
  for (let i = 0; i < AHEAD; i++) {
    const start = from + i * PERIOD_S;
    gain.gain.setValueAtTime(VOLUME, start);
    gain.gain.setValueAtTime(0, start + ON_S);
  }
};

export const startRingtone = (): void => {
  if (ringing || typeof AudioContext === 'undefined') return;
  const ctx = new AudioContext();
  const osc = ctx.createOscillator();
  const gain = ctx.createGain();
  osc.frequency.value = TONE_HZ;
  gain.gain.value = 0;
  osc.connect(gain).connect(ctx.destination);
  osc.start();
  let next = ctx.currentTime + 0.05;
  schedule(gain, next);
  next += AHEAD * PERIOD_S;
  const timer = setInterval(() => {
    if (ctx.currentTime + PERIOD_S > next) {
      schedule(gain, next);
      next += AHEAD * PERIOD_S;
    }
  }, 1000);
  // A page without a user gesture yet starts suspended; the ring is heard once the browser allows.
  void ctx.resume().catch(() => undefined);
  ringing = { ctx, osc, gain, timer };
};

export const stopRingtone = (): void => {
  if (!ringing) return;
  const { ctx, osc, timer } = ringing;
  ringing = null;
  clearInterval(timer);
  osc.stop();
  void ctx.close().catch(() => undefined);
};

export const isRinging = (): boolean => ringing !== null;
