import fs from 'node:fs';
import path from 'node:path';
import { captureToStereoWav, type TTalkSpan } from './recording.pcap.js';

/**
 * Where the media gateway leaves its captures (rtpengine's `--recording-dir`): under the server's
 * data directory, which the server reads them from when a call ends. rtpengine makes `pcaps/`,
 * `metadata/` and `tmp/` in it; a call's metadata file moves from tmp/ to metadata/ when the
 * gateway lets the call go, so its presence there says the capture is complete.
 */
export const gatewayCaptureDir = (dataDir: string) => path.join(dataDir, 'media-capture');

/** rtpengine's daemon arguments for pcap captures into `dir` (user space; `proc` needs the kernel module). */
export const gatewayCaptureArgs = (dir: string) => [
  `--recording-dir=${dir}`,
  '--recording-method=pcap',
  '--recording-format=raw',
];

export type TCaptureFiles = { pcap: string; metadata: string };

/**
 * A Call-ID as the gateway writes it into its file names (GLib's g_uri_escape_string: every byte
 * but letters, digits and "-._~" as %XX): a carrier's or desk phone's Call-ID has an "@".
 */
export const captureNameOf = (callId: string) =>
  Array.from(Buffer.from(callId, 'utf8'), (b) =>
    /[A-Za-z0-9._~-]/.test(String.fromCharCode(b))
      ? String.fromCharCode(b)
      : `%${b.toString(16).toUpperCase().padStart(2, '0')}`,
  ).join('');

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export type TGatewayRecordings = ReturnType<typeof createGatewayRecordings>;

/**
 * The captures of one call, by SIP Call-ID: found when complete, turned into a stereo WAV
 * (recording.pcap.ts), and deleted either way.
 */
export const createGatewayRecordings = (deps: {
  dir: string;
  logger: { warn: (obj: object, msg: string) => void };
}) => {
  const metadataDir = path.join(deps.dir, 'metadata');
  // Where the gateway keeps a call's metadata while the call lasts (a stop may leave it there).
  const unfinishedDir = path.join(deps.dir, 'tmp');
  const pcapDir = path.join(deps.dir, 'pcaps');

  /** The complete captures of a call (normally one), or none yet. */
  const completed = async (callId: string, dir = metadataDir): Promise<TCaptureFiles[]> => {
    const name = captureNameOf(callId);
    const prefix = `rtpengine-meta-${name}-`;
    // Finished: .txt in metadata/; still open (a stop during the call): .tmp in tmp/.
    const ending = dir === metadataDir ? '.txt' : '.tmp';
    const names = await fs.promises.readdir(dir).catch(() => [] as string[]);
    return names
      .filter((n) => n.startsWith(prefix) && n.endsWith(ending) && /^[0-9a-f]+$/.test(n.slice(prefix.length, -4)))
      .map((n) => ({
        metadata: path.join(dir, n),
        pcap: path.join(pcapDir, `${name}-${n.slice(prefix.length, -4)}.pcap`),
      }));
  };

  const remove = async (files: TCaptureFiles[]) => {
    for (const f of files) {
      await fs.promises.rm(f.pcap, { force: true });
      await fs.promises.rm(f.metadata, { force: true });
    }
  };

  /**
   * Waits up to `timeoutMs` for the gateway to close the call's captures: every one, since a call
   * offered again under its Call-ID may have a second still open beside a first already closed.
   * Then whatever there is, open ones too: the call has ended, and a capture the gateway has not
   * closed by now it never will (it lost the call: a restart).
   */
  const waitFor = async (callId: string, timeoutMs: number) => {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const files = await completed(callId);
      const open = await completed(callId, unfinishedDir);
      if (Date.now() >= deadline) return [...files, ...open];
      if (files.length && !open.length) return files;
      await sleep(100);
    }
  };

  return {
    /** Whether the gateway captures (or captured) this call: its pcap file is there from the first offer on. */
    isCapturing: async (callId: string) => {
      const name = captureNameOf(callId);
      const names = await fs.promises.readdir(pcapDir).catch(() => [] as string[]);
      return names.some((n) => n.startsWith(`${name}-`) && /^[0-9a-f]+\.pcap$/.test(n.slice(name.length + 1)));
    },

    /**
     * The call's recording as a stereo WAV (left the caller, right the callee) and the captures
     * deleted; 'none' when it held no audio either way, 'failed' when it could not be read,
     * 'missing' when the gateway left none. A capture still open after `timeoutMs` is taken as it is.
     * `talk`: the answer and the hang-up, the recording's timeline (unknown: from the first packet).
     */
    collect: async (
      callId: string,
      timeoutMs = 15_000,
      talk?: TTalkSpan,
    ): Promise<{ wav: Buffer; seconds: number } | 'none' | 'failed' | 'missing'> => {
      const files = await waitFor(callId, timeoutMs);
      if (!files.length) return 'missing';
      try {
        // A call re-anchored under the same Call-ID may leave several: the longest is the call.
        let best: { wav: Buffer; seconds: number } | null = null;
        for (const f of files) {
          const pcap = await fs.promises.readFile(f.pcap).catch(() => null);
          const metadata = await fs.promises.readFile(f.metadata, 'utf8');
          const result = pcap ? await captureToStereoWav(pcap, metadata, talk) : null;
          if (result && (!best || result.seconds > best.seconds)) best = result;
        }
        return best ?? 'none';
      } catch (error) {
        deps.logger.warn({ callId, error: (error as Error).message }, 'gateway recording unreadable');
        return 'failed';
      } finally {
        await remove(files);
      }
    },

    /** A call that keeps no recording (switch off, not answered): its capture, if any, deleted. */
    discard: async (callId: string, timeoutMs = 15_000) => remove(await waitFor(callId, timeoutMs)),

    /**
     * Deletes the captures no record will claim, by their files' times: finished before
     * `finishedBefore` (the call's end never reached the server), still open with nothing written
     * since `openBefore` (longer than a call lasts: the gateway lost it), and a pcap without
     * metadata as old. Answers how many files it removed.
     */
    removeOrphans: async (opts: { finishedBefore: Date; openBefore: Date }) => {
      const list = (dir: string) => fs.promises.readdir(dir).catch(() => [] as string[]);
      const modified = async (file: string) => (await fs.promises.stat(file).catch(() => null))?.mtimeMs ?? 0;
      const old: string[] = [];
      const described = new Set<string>();
      for (const [dir, ending, before] of [
        [metadataDir, '.txt', opts.finishedBefore],
        [unfinishedDir, '.tmp', opts.openBefore],
      ] as const) {
        for (const n of await list(dir)) {
          if (!n.startsWith('rtpengine-meta-') || !n.endsWith(ending)) continue;
          const pcap = path.join(pcapDir, `${n.slice('rtpengine-meta-'.length, -ending.length)}.pcap`);
          described.add(pcap);
          const metadata = path.join(dir, n);
          const last = Math.max(await modified(metadata), await modified(pcap));
          if (last < before.getTime()) old.push(metadata, pcap);
        }
      }
      for (const n of await list(pcapDir)) {
        const pcap = path.join(pcapDir, n);
        if (!described.has(pcap) && (await modified(pcap)) < opts.openBefore.getTime()) old.push(pcap);
      }
      for (const file of old) await fs.promises.rm(file, { force: true });
      return old.length;
    },
  };
};
