// Writes what the development carriers play, with Debian's espeak-ng (Mandarin): speech-zh.wav, what
// the "customer" says when he answers, and agent-zh.wav, what the call-back simulator's "agent" says
// between the customer's recitations (a lower voice). This script turns espeak-ng's 22.05 kHz PCM into
// what a carrier sends, 8 kHz G.711 A-law, with a pause after it (the simulators play it in a loop).
// Run once by hand (`apt-get install espeak-ng`); the WAVs are kept in the repository, so neither a
// start nor a test needs espeak-ng. Each text is its JSON file's, where the script is written once: the
// development speech-to-text reads it too, with the spoken length this script writes beside it.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const here = path.dirname(new URL(import.meta.url).pathname);
const voices = [
  { name: 'speech-zh', pitch: null },
  { name: 'agent-zh', pitch: '35' },
];

const chunk = (wav, id) => {
  for (let at = 12; at + 8 <= wav.length; at += 8 + wav.readUInt32LE(at + 4) + (wav.readUInt32LE(at + 4) & 1)) {
    if (wav.toString('ascii', at, at + 4) === id) return wav.subarray(at + 8, at + 8 + wav.readUInt32LE(at + 4));
  }
  throw new Error(`no ${id} chunk`);
};
const make = ({ name, pitch }) => {
  const scriptFile = path.join(here, `${name}.json`);
  const { text } = JSON.parse(fs.readFileSync(scriptFile, 'utf8'));
  const out = path.join(here, `${name}.wav`);
  const source = execFileSync('espeak-ng', [
    '-v',
    'cmn',
    ...(pitch ? ['-p', pitch] : []),
    '-s',
    '165',
    '--stdout',
    text,
  ]);
  const rate = chunk(source, 'fmt ').readUInt32LE(4);
  const data = chunk(source, 'data');
  const input = Float64Array.from({ length: data.length >> 1 }, (_, i) => data.readInt16LE(i * 2));

  // Low-pass under 3.4 kHz (a windowed sinc), then a sample every rate/8000 input samples.
  const cutoff = 3400 / rate;
  const taps = 63;
  const kernel = Array.from({ length: taps }, (_, k) => {
    const n = k - (taps - 1) / 2;
    const sinc = n === 0 ? 2 * cutoff : Math.sin(2 * Math.PI * cutoff * n) / (Math.PI * n);
    return sinc * (0.54 - 0.46 * Math.cos((2 * Math.PI * k) / (taps - 1)));
  });
  const filtered = (i) => kernel.reduce((sum, w, k) => sum + w * (input[i + k - (taps - 1) / 2] ?? 0), 0);
  const spoken = Array.from({ length: Math.floor((input.length * 8000) / rate) }, (_, j) =>
    filtered(Math.round((j * rate) / 8000)),
  );
  const samples = [...spoken, ...new Array(12_000).fill(0)];

  /** G.711 A-law of one 16-bit sample. */
  const alaw = (sample) => {
    const sign = sample >= 0 ? 0x80 : 0;
    const s = Math.min(Math.abs(Math.round(sample)), 32635);
    let exponent = 7;
    for (let mask = 0x4000; (s & mask) === 0 && exponent > 0; mask >>= 1) exponent--;
    const mantissa = exponent === 0 ? (s >> 4) & 0x0f : (s >> (exponent + 3)) & 0x0f;
    return ((exponent << 4) | mantissa | sign) ^ 0x55;
  };
  const body = Buffer.from(samples.map(alaw));
  const header = Buffer.alloc(46);
  header.write('RIFF', 0, 'ascii');
  header.writeUInt32LE(38 + body.length, 4);
  header.write('WAVEfmt ', 8, 'ascii');
  header.writeUInt32LE(18, 16);
  header.writeUInt16LE(6, 20); // WAVE_FORMAT_ALAW
  header.writeUInt16LE(1, 22);
  header.writeUInt32LE(8000, 24);
  header.writeUInt32LE(8000, 28);
  header.writeUInt16LE(1, 32);
  header.writeUInt16LE(8, 34);
  header.writeUInt16LE(0, 36);
  header.write('data', 38, 'ascii');
  header.writeUInt32LE(body.length, 42);
  fs.writeFileSync(out, Buffer.concat([header, body]));
  const spokenSec = Math.round((spoken.length / 8000) * 100) / 100;
  fs.writeFileSync(scriptFile, `${JSON.stringify({ text, spokenSec }, null, 2)}\n`);
  console.log(`${out}: ${(samples.length / 8000).toFixed(1)} s`);
};

for (const voice of voices) make(voice);
