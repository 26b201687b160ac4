import { OpusDecoder } from 'opus-decoder';

/**
 * The media gateway's capture of one call turned into a stereo recording
 * (docs/decisions/0015-recordings-and-results.md). rtpengine (`--recording-method=pcap`) writes
 * every RTP packet it receives on the call, decrypted, into a pcap file, and a metadata file with
 * the SDP it sent each way. The SDP sent to the callee (the offer) names the port the callee sends
 * to, the SDP sent to the caller (the answer) the caller's: so each packet's destination port
 * says whose voice it is. Each side is decoded (PCMA, PCMU, Opus) onto a timeline by RTP timestamp
 * (a lost packet leaves silence, a late one lands in its place), the sides aligned by arrival
 * time, and written as one 8 kHz 16-bit stereo WAV: left the caller (the agent), right the callee.
 * When the talk's span is known the timeline runs from the answer to the hang-up, so the recording
 * lasts as long as the talk and a moment in it is the same moment of the call (a side that sent
 * nothing yet is silence, ringback and stragglers are left out); otherwise from the first packet.
 */

export const recordingSampleRate = 8000;

export type TCapturedPacket = {
  /** Capture time, ms since the epoch (fractional). */
  at: number;
  srcPort: number;
  dstPort: number;
  /** The UDP payload (an RTP or RTCP packet). */
  data: Buffer;
};

/** The UDP packets of a pcap file (Ethernet, raw IP or Linux cooked; IPv4 and IPv6; µs or ns). */
export const readPcap = (file: Buffer): TCapturedPacket[] => {
  if (file.length < 24) return [];
  const magic = file.readUInt32LE(0);
  const isLe = magic === 0xa1b2c3d4 || magic === 0xa1b23c4d;
  const isBe = [0xd4c3b2a1, 0x4d3cb2a1].includes(magic);
  if (!isLe && !isBe) throw new Error('不是 pcap 文件');
  const u32 = (at: number) => (isLe ? file.readUInt32LE(at) : file.readUInt32BE(at));
  const isNano = magic === 0xa1b23c4d || magic === 0x4d3cb2a1;
  const linkType = u32(20);
  const linkHeader =
    linkType === 1 ? 14 : linkType === 113 ? 16 : linkType === 101 || linkType === 12 || linkType === 228 ? 0 : -1;
  if (linkHeader < 0) throw new Error(`不支持的 pcap 链路类型 ${linkType}`);
  const packets: TCapturedPacket[] = [];
  let at = 24;
  while (at + 16 <= file.length) {
    const seconds = u32(at);
    const fraction = u32(at + 4);
    const length = u32(at + 8);
    const start = at + 16;
    at = start + length;
    if (at > file.length) break;
    const ip = start + linkHeader;
    const version = file[ip]! >> 4;
    let udp: number;
    if (version === 4) {
      if (file[ip + 9] !== 17) continue;
      udp = ip + (file[ip]! & 0x0f) * 4;
    } else if (version === 6) {
      if (file[ip + 6] !== 17) continue;
      udp = ip + 40;
    } else continue;
    if (udp + 8 > at) continue;
    packets.push({
      at: seconds * 1000 + (isNano ? fraction / 1e6 : fraction / 1e3),
      srcPort: file.readUInt16BE(udp),
      dstPort: file.readUInt16BE(udp + 2),
      data: file.subarray(udp + 8, Math.min(at, udp + file.readUInt16BE(udp + 4))),
    });
  }
  return packets;
};

export type TCodec = { name: string; clockRate: number };
export type TSide = 'caller' | 'callee';

/** Which side sends to which gateway port, and the codecs each port's SDP named, from rtpengine's metadata file. */
export const readRecordingMetadata = (text: string) => {
  const sides = new Map<number, TSide>();
  const codecs = new Map<number, Map<number, TCodec>>();
  for (const section of text.split(/^SDP mode: /m).slice(1)) {
    const mode = section.slice(0, section.indexOf('\n')).trim();
    const port = Number(/^m=audio (\d+)/m.exec(section)?.[1] ?? Number.NaN);
    if (!Number.isInteger(port)) continue;
    // The offer goes to the callee, who sends to its port; the answer to the caller. Later
    // re-INVITEs (from either side) keep the ports, and so the sides, the first exchange set.
    if (!sides.has(port) && (mode === 'offer' || mode === 'answer'))
      sides.set(port, mode === 'offer' ? 'callee' : 'caller');
    const map = codecs.get(port) ?? new Map<number, TCodec>();
    for (const m of section.matchAll(/^a=rtpmap:(\d+) ([^/\s]+)\/(\d+)/gm)) {
      map.set(Number(m[1]), { name: m[2]!.toLowerCase(), clockRate: Number(m[3]) });
    }
    codecs.set(port, map);
  }
  return { sides, codecs };
};

const staticCodecs: Record<number, TCodec> = {
  0: { name: 'pcmu', clockRate: 8000 },
  8: { name: 'pcma', clockRate: 8000 },
};

/** G.711 µ-law byte to a 16-bit sample. */
const ulawToLinear = (byte: number) => {
  const u = ~byte & 0xff;
  const t = (((u & 0x0f) << 3) + 0x84) << ((u & 0x70) >> 4);
  return u & 0x80 ? 0x84 - t : t - 0x84;
};

/** G.711 A-law byte to a 16-bit sample. */
const alawToLinear = (byte: number) => {
  const a = byte ^ 0x55;
  let t = (a & 0x0f) << 4;
  const seg = (a & 0x70) >> 4;
  if (seg === 0) t += 8;
  else if (seg === 1) t += 0x108;
  else t = (t + 0x108) << (seg - 1);
  return a & 0x80 ? t : -t;
};

const ulawTable = Int16Array.from({ length: 256 }, (_, i) => ulawToLinear(i));
const alawTable = Int16Array.from({ length: 256 }, (_, i) => alawToLinear(i));

/** G.711 A-law bytes as 16-bit samples. */
export const alawToSamples = (bytes: Uint8Array): Int16Array => Int16Array.from(bytes, (b) => alawTable[b]!);

type TRtp = { payloadType: number; seq: number; timestamp: number; ssrc: number; payload: Buffer };

/** An RTP packet's fields and payload (CSRCs, header extension and padding removed), or null for RTCP or junk. */
export const parseRtp = (data: Buffer): TRtp | null => {
  if (data.length < 12 || data[0]! >> 6 !== 2) return null;
  const payloadType = data[1]! & 0x7f;
  // RTCP multiplexed on the RTP port (rtcp-mux): packet types 200-204 read as 72-76 here.
  if (payloadType >= 72 && payloadType <= 76) return null;
  let offset = 12 + (data[0]! & 0x0f) * 4;
  if (data[0]! & 0x10) {
    if (offset + 4 > data.length) return null;
    offset += 4 + data.readUInt16BE(offset + 2) * 4;
  }
  let end = data.length;
  if (data[0]! & 0x20) end -= data[end - 1]!;
  if (offset > end) return null;
  return {
    payloadType,
    seq: data.readUInt16BE(2),
    timestamp: data.readUInt32BE(4),
    ssrc: data.readUInt32BE(8),
    payload: data.subarray(offset, end),
  };
};

/** What one side's channel holds: samples at 8 kHz from the capture's start. */
type TChannel = { samples: Int16Array; length: number };

const place = (channel: TChannel, at: number, pcm: ArrayLike<number>) => {
  if (at < 0) return;
  const end = at + pcm.length;
  if (end > channel.samples.length) {
    const grown = new Int16Array(Math.max(end, channel.samples.length * 2));
    grown.set(channel.samples.subarray(0, channel.length));
    channel.samples = grown;
  }
  for (let i = 0; i < pcm.length; i++) channel.samples[at + i] = pcm[i]!;
  channel.length = Math.max(channel.length, end);
};

/**
 * Decoding a long call takes a while (Opus: ~0.3 ms a frame, about 1 s per call-minute here): the
 * work yields to the event loop every `yieldEvery` packets so the server keeps answering meanwhile.
 */
const yieldEvery = 100;
const breather = () => new Promise<void>((resolve) => setImmediate(resolve));

/** Longest recording written (4 h, the dialog's own limit in kamailio.cfg): memory stays bounded. */
const maxSamples = 4 * 3600 * recordingSampleRate;

export type TStereoResult = {
  wav: Buffer;
  seconds: number;
  /** Packets decoded per side (0 on a side: it was silent to the gateway). */
  packets: Record<TSide, number>;
};

// One stream per side, port and SSRC: its first packet's arrival anchors its RTP timestamps.
type TStream = { side: TSide; codec: TCodec; firstAt: number; firstTs: number; items: TRtp[] };

/** The captured packets as RTP streams of a codec the recording decodes (PCMA, PCMU, Opus). */
const streamsOf = (
  captured: readonly TCapturedPacket[],
  sides: ReadonlyMap<number, TSide>,
  codecs: ReadonlyMap<number, ReadonlyMap<number, TCodec>>,
): Map<string, TStream> => {
  const streams = new Map<string, TStream>();
  for (const p of captured) {
    const rtp = parseRtp(p.data);
    if (!rtp) continue;
    const codec = codecs.get(p.dstPort)?.get(rtp.payloadType) ?? staticCodecs[rtp.payloadType];
    if (!codec || !['pcma', 'pcmu', 'opus'].includes(codec.name)) continue;
    const key = `${p.dstPort}/${rtp.ssrc}/${codec.name}`;
    let stream = streams.get(key);
    if (!stream) {
      stream = { side: sides.get(p.dstPort)!, codec, firstAt: p.at, firstTs: rtp.timestamp, items: [] };
      streams.set(key, stream);
    }
    stream.items.push(rtp);
  }
  return streams;
};

/** The talk on the gateway's clock (epoch ms): from the answer to the hang-up. */
export type TTalkSpan = { fromMs: number; toMs: number };

/**
 * A call's capture (the pcap file and rtpengine's metadata text) as a stereo WAV, or null when
 * neither side sent any audio the gateway could decode.
 */
export const captureToStereoWav = async (
  pcap: Buffer,
  metadata: string,
  talk?: TTalkSpan,
): Promise<TStereoResult | null> => {
  const { sides, codecs } = readRecordingMetadata(metadata);
  const captured = readPcap(pcap).filter((p) => sides.has(p.dstPort));
  if (captured.length === 0) return null;
  // A loop, not Math.min(...): a call past half an hour has more packets than an argument list holds.
  let origin = talk?.fromMs ?? Number.POSITIVE_INFINITY;
  if (!talk) for (const p of captured) origin = Math.min(origin, p.at);
  const limit = talk
    ? Math.min(maxSamples, Math.max(0, Math.round(((talk.toMs - talk.fromMs) * recordingSampleRate) / 1000)))
    : maxSamples;
  const channels: Record<TSide, TChannel> = {
    caller: { samples: new Int16Array(recordingSampleRate * 10), length: 0 },
    callee: { samples: new Int16Array(recordingSampleRate * 10), length: 0 },
  };
  const packets: Record<TSide, number> = { caller: 0, callee: 0 };
  let work = 0;

  const streams = streamsOf(captured, sides, codecs);

  for (const stream of streams.values()) {
    const channel = channels[stream.side];
    const start = Math.round(((stream.firstAt - origin) * recordingSampleRate) / 1000);
    const positionOf = (ts: number) => {
      // The difference modulo 2^32, signed: a timestamp wrap or a packet from before the first.
      let d = (ts - stream.firstTs) >>> 0;
      if (d > 0x7fffffff) d -= 0x100000000;
      return start + Math.round((d * recordingSampleRate) / stream.codec.clockRate);
    };
    if (stream.codec.name === 'opus') {
      // The decoder keeps state between frames: feed it in sequence order (extended over wraps).
      let lastSeq = -1;
      let cycles = 0;
      const ordered = stream.items
        .map((rtp) => {
          if (lastSeq >= 0 && rtp.seq < lastSeq && lastSeq - rtp.seq > 0x8000) cycles++;
          lastSeq = rtp.seq;
          return { rtp, order: cycles * 0x10000 + rtp.seq };
        })
        .sort((a, b) => a.order - b.order);
      const decoder = new OpusDecoder({ channels: 1, sampleRate: recordingSampleRate });
      await decoder.ready;
      try {
        let previous = -1;
        for (const { rtp, order } of ordered) {
          if (order === previous || rtp.payload.length === 0) continue;
          previous = order;
          const at = positionOf(rtp.timestamp);
          if (at >= limit) continue;
          if (++work % yieldEvery === 0) await breather();
          const frame = decoder.decodeFrame(rtp.payload);
          const pcm = frame.channelData[0];
          if (!pcm || frame.samplesDecoded === 0) continue;
          const ints = new Int16Array(frame.samplesDecoded);
          for (let i = 0; i < ints.length; i++)
            ints[i] = Math.max(-32768, Math.min(32767, Math.round(pcm[i]! * 32767)));
          if (at < 0) continue;
          place(channel, at, ints);
          packets[stream.side]++;
        }
      } finally {
        decoder.free();
      }
    } else {
      const table = stream.codec.name === 'pcma' ? alawTable : ulawTable;
      for (const rtp of stream.items) {
        if (++work % (yieldEvery * 10) === 0) await breather();
        const at = positionOf(rtp.timestamp);
        if (at < 0 || at >= limit) continue;
        const pcm = new Int16Array(rtp.payload.length);
        for (let i = 0; i < pcm.length; i++) pcm[i] = table[rtp.payload[i]!]!;
        place(channel, at, pcm);
        packets[stream.side]++;
      }
    }
  }
  if (packets.caller + packets.callee === 0) return null;
  const total = talk ? limit : Math.min(limit, Math.max(channels.caller.length, channels.callee.length));
  return {
    wav: stereoWav(channels.caller.samples, channels.callee.samples, total),
    seconds: total / recordingSampleRate,
    packets,
  };
};

/** An 8 kHz 16-bit PCM WAV of two channels (samples past a channel's end are silence). */
export const stereoWav = (left: Int16Array, right: Int16Array, frames: number): Buffer => {
  const data = frames * 4;
  const out = Buffer.alloc(44 + data);
  out.write('RIFF', 0, 'ascii');
  out.writeUInt32LE(36 + data, 4);
  out.write('WAVEfmt ', 8, 'ascii');
  out.writeUInt32LE(16, 16);
  out.writeUInt16LE(1, 20);
  out.writeUInt16LE(2, 22);
  out.writeUInt32LE(recordingSampleRate, 24);
  out.writeUInt32LE(recordingSampleRate * 4, 28);
  out.writeUInt16LE(4, 32);
  out.writeUInt16LE(16, 34);
  out.write('data', 36, 'ascii');
  out.writeUInt32LE(data, 40);
  // Samples are little-endian in a WAV, as in the memory of every machine Node runs on here.
  const samples = new Int16Array(out.buffer, out.byteOffset + 44, frames * 2);
  const leftEnd = Math.min(frames, left.length);
  const rightEnd = Math.min(frames, right.length);
  for (let i = 0; i < leftEnd; i++) samples[i * 2] = left[i]!;
  for (let i = 0; i < rightEnd; i++) samples[i * 2 + 1] = right[i]!;
  return out;
};

/** Root-mean-square level of each channel of a 16-bit stereo WAV (tests, and a sanity check). */
export const stereoLevels = (wav: Buffer): { left: number; right: number; seconds: number } => {
  const frames = Math.floor((wav.length - 44) / 4);
  let l = 0;
  let r = 0;
  for (let i = 0; i < frames; i++) {
    const a = wav.readInt16LE(44 + i * 4);
    const b = wav.readInt16LE(46 + i * 4);
    l += a * a;
    r += b * b;
  }
  return {
    left: frames ? Math.sqrt(l / frames) : 0,
    right: frames ? Math.sqrt(r / frames) : 0,
    seconds: frames / recordingSampleRate,
  };
};
