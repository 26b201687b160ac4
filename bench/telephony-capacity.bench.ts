// Simultaneous recorded calls through the telephony: a desk phone (sipp at 127.0.0.2, an allowed
// inbound peer) calls N agents at once, each registered with his soft-phone seat's key and password
// (one sipp UAS at 127.0.0.4 answering for every key), both ends playing PCMA audio for
// BENCH_HOLD_S, the caller hanging up. Through Kamailio, rtpengine (every call recorded: the agents'
// 呼叫管理 recording switch is on) and the built server on PostgreSQL, against the same calls
// sipp-to-sipp directly (the floor) in the same run, step by step (BENCH_STEPS).
// Per step: failed set-ups (no 200 to the INVITE), failed hang-ups (no 200 to the BYE), INVITE and
// BYE retransmissions, set-up and hang-up p50/p95 (sipp's response times), and for the product's
// calls the records written, each recording's length against the record's talk time, and the
// silence at its start and end (both ends play throughout: sound missing there was not captured).
// Target (2 shared cores): 300 calls, 0 failed set-ups and hang-ups, set-up p95 < 500 ms, every
// recording = talk time ± 1 s.
// Usage: node --import tsx bench/telephony-capacity.bench.ts
//   BENCH_STEPS=50,100,200,300  BENCH_HOLD_S=20  BENCH_RATE=50 (calls a second)
//   BENCH_PG=postgres://root@127.0.0.1:5432 (the bench database yunhu_bench_telephony is made and dropped)
//   BENCH_UDP_WORKERS=16: Kamailio's SIP workers (the config's default: 8)
//   BENCH_ASYNC_WORKERS=16: the workers an inbound call's look-ups run in (the config's default: 8)
//   BENCH_RECORD=0: the agents' recording switch off (what recording costs)
//   BENCH_KAMAILIO_CFG=<commit>: that commit's deploy/kamailio/kamailio.cfg instead of this checkout's
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { openDatabase } from '../apps/server/src/db/client.js';
import { gatewayCaptureDir } from '../apps/server/src/modules/telephony/recording.gateway.js';
import { kamailioConfigPath, startKamailio } from '../apps/server/src/modules/telephony/sip.kamailio.js';
import {
  answerCallsScenario,
  callKeysScenario,
  registerKeysScenario,
  runSipp,
  type TSippRun,
  writePcmaPcap,
} from '../apps/server/src/modules/telephony/sip.load.test-kit.js';
import { seedDemo } from '../apps/server/src/seed/demo.js';
import { benchServerEnv, freePort, spawnServer, stopServer } from './built-server.js';

const steps = (process.env.BENCH_STEPS ?? '50,100,200,300').split(',').map(Number);
const holdS = Number(process.env.BENCH_HOLD_S ?? 20);
const rate = Number(process.env.BENCH_RATE ?? 50);
const pgServer = process.env.BENCH_PG ?? 'postgres://root@127.0.0.1:5432';
const dbName = 'yunhu_bench_telephony';
const sip = { sharedSecret: 'yunhu-bench-sip-secret', realm: 'sip.yunhu.test' };
const desk = '127.0.0.2';
const agentsIp = '127.0.0.4';
const agentCount = Math.max(...steps);
const cfgCommit = process.env.BENCH_KAMAILIO_CFG ?? '';
const isRecorded = process.env.BENCH_RECORD !== '0';
const udpWorkers = Number(process.env.BENCH_UDP_WORKERS ?? 0);
const asyncWorkers = Number(process.env.BENCH_ASYNC_WORKERS ?? 0);

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const load = () =>
  os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(' ');
const pct = (xs: number[], p: number) => {
  if (!xs.length) return Number.NaN;
  const sorted = [...xs].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
};

/**
 * Where a recording holds sound (each channel's first and last 20 ms with any level): the
 * recording runs from the answer to the hang-up whatever the capture held, so the audio in it is
 * what says whether the gateway captured the whole call (both ends play throughout).
 */
const soundSpan = (wav: Buffer) => {
  const frames = Math.floor((wav.length - 44) / 4 / 160);
  const span = [0, 1].map((channel) => {
    let first = -1;
    let last = -1;
    for (let f = 0; f < frames; f++) {
      let peak = 0;
      for (let i = 0; i < 160; i++)
        peak = Math.max(peak, Math.abs(wav.readInt16LE(44 + (f * 160 + i) * 4 + channel * 2)));
      if (peak < 500) continue;
      if (first < 0) first = f;
      last = f;
    }
    return { lead: first < 0 ? frames * 0.02 : first * 0.02, tail: first < 0 ? 0 : (frames - 1 - last) * 0.02 };
  });
  return { agent: span[0]!, customer: span[1]! };
};

const admin = async (statement: string) => {
  const client = new pg.Client({ connectionString: `${pgServer}/postgres` });
  await client.connect();
  await client.query(statement);
  await client.end();
};

/** The demo enterprise and `n` agents, each with a soft-phone seat, a SIP account and recording on. */
const seed = async (url: string) => {
  const database = await openDatabase({ databaseUrl: url, dataDir: null, limits: { statementTimeoutMs: 0 } });
  await seedDemo(database.db);
  await database.close();
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const q = async (text: string, params: unknown[] = []) => (await client.query(text, params)).rows;
  const [tenant] = await q(`select id, code from tenants where code = 'E100001'`);
  const [line] = await q(`select id from lines where mode = 2 and status = 'active' order by id limit 1`);
  await q(
    `insert into users (tenant_id, username, mobile, password_hash, real_name, dept_id, status, name_pinyin,
       name_initials, job_number)
     select $1, 'seat' || lpad(i::text, 3, '0'), '167' || lpad(i::text, 8, '0'), a.password_hash,
       '容量坐席' || lpad(i::text, 3, '0'), a.dept_id, 'active', 'rongliangzuoxi' || i, 'rlzx' || i,
       'S' || lpad(i::text, 4, '0')
     from generate_series(1, $2::int) i, (select password_hash, dept_id from users where username = 'agent01') a`,
    [tenant.id, agentCount],
  );
  const people = await q(`select id from users where tenant_id = $1 and username like 'seat%' order by id`, [
    tenant.id,
  ]);
  const keys: { key: string; password: string }[] = [];
  for (const { id } of people) {
    const key = `${String(tenant.code).toLowerCase()}-${id}`;
    const password = `Bench${id}Pass${Math.random().toString(36).slice(2, 10)}`;
    await q(
      `insert into seats (tenant_id, user_id, line_id, start_at, expire_at, status)
       values ($1, $2, $3, now() - interval '1 day', now() + interval '30 days', 'active')`,
      [tenant.id, id, line.id],
    );
    await q(`insert into sip_accounts (tenant_id, user_id, sip_user, password) values ($1, $2, $3, $4)`, [
      tenant.id,
      id,
      key,
      password,
    ]);
    await q(
      `insert into calling_settings (tenant_id, user_id, allowed_from, allowed_to, daily_limit, recording)
       values ($1, $2, '00:00', '24:00', 100000, $3)`,
      [tenant.id, id, isRecorded],
    );
    keys.push({ key, password });
  }
  await client.end();
  return keys;
};

type TStep = {
  calls: number;
  failedSetups: number;
  failedHangups: number;
  inviteRetrans: number;
  byeRetrans: number;
  setup: number[];
  hangup: number[];
  exit: number | null;
};

/** sipp's counters of a desk-phone run: which calls got their 200s, how often it had to repeat itself. */
const stepOf = (run: TSippRun, calls: number, exit: number | null): TStep => {
  const counts = run.counts();
  const okIndexes = Object.keys(counts)
    .filter((k) => /^\d+_200_Recv$/.test(k))
    .sort((a, b) => Number.parseInt(a, 10) - Number.parseInt(b, 10));
  const answered = counts[okIndexes[0]!] ?? 0;
  const hungUp = counts[okIndexes[okIndexes.length - 1]!] ?? 0;
  const sum = (suffix: string) =>
    Object.entries(counts)
      .filter(([k]) => k.endsWith(suffix))
      .reduce((s, [, v]) => s + v, 0);
  return {
    calls,
    failedSetups: calls - answered,
    failedHangups: answered - hungUp,
    inviteRetrans: sum('_INVITE_Retrans'),
    byeRetrans: sum('_BYE_Retrans'),
    setup: run.responseTimes(1),
    hangup: run.responseTimes(2),
    exit,
  };
};

const main = async () => {
  const url = `${pgServer}/${dbName}`;
  await admin(`drop database if exists ${dbName}`);
  await admin(`create database ${dbName}`);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'yunhu-capacity-'));
  const stops: (() => Promise<unknown>)[] = [];
  try {
    console.log(`seeding ${agentCount} agents with soft-phone seats…`);
    const keys = await seed(url);
    const port = await freePort();
    const server = await spawnServer({
      env: {
        ...benchServerEnv(url, port, dataDir),
        SIP_SHARED_SECRET: sip.sharedSecret,
        SIP_REALM: sip.realm,
        SIP_AUTOSTART: '0',
      },
    });
    stops.push(() => stopServer(server.child));
    let configPath: string | undefined;
    if (cfgCommit) {
      configPath = path.join(dataDir, 'kamailio-before.cfg');
      fs.writeFileSync(configPath, execFileSync('git', ['show', `${cfgCommit}:deploy/kamailio/kamailio.cfg`]));
    }
    if (udpWorkers || asyncWorkers) {
      // The config's default numbers of workers replaced (a site sets YH_UDP_WORKERS, YH_ASYNC_WORKERS).
      let text = fs.readFileSync(configPath ?? kamailioConfigPath, 'utf8');
      if (udpWorkers) text = text.replace('!YH_UDP_WORKERS!8!', `!YH_UDP_WORKERS!${udpWorkers}!`);
      if (asyncWorkers) text = text.replace('!YH_ASYNC_WORKERS!8!', `!YH_ASYNC_WORKERS!${asyncWorkers}!`);
      configPath = path.join(dataDir, 'kamailio-workers.cfg');
      fs.writeFileSync(configPath, text);
    }
    const kam = await startKamailio({
      configPath,
      serverUrl: server.baseUrl,
      sharedSecret: sip.sharedSecret,
      realm: sip.realm,
      origins: '*',
      inboundPeers: [desk],
      edge: { exempt: ['127.0.0.1', agentsIp] },
      // Four ports a call (RTP and RTCP each side): room for 1,250.
      media: { recordingDir: gatewayCaptureDir(dataDir), portMin: 30000, portMax: 34999, logLevel: 4 },
    });
    stops.push(() => kam.stop());
    const pcap = path.join(dataDir, 'speech.pcap');
    writePcmaPcap(pcap, holdS + 10);

    const agentsPort = await freePort();
    const agents = runSipp({
      scenario: answerCallsScenario({ pcap }),
      args: ['-i', agentsIp, '-p', String(agentsPort), '-t', 'u1', '-mi', agentsIp, '-mp', '40000'],
    });
    stops.push(() => agents.stop());
    const csv = (n: number, withPassword: boolean) =>
      `SEQUENTIAL\n${keys
        .slice(0, n)
        .map(
          (k, i) =>
            `${k.key};${withPassword ? `[authentication username=${k.key} password=${k.password}]` : `1380000${String(i).padStart(4, '0')}`}`,
        )
        .join('\n')}\n`;
    const register = runSipp({
      scenario: registerKeysScenario({ realm: sip.realm, contact: `${agentsIp}:${agentsPort}` }),
      csv: csv(agentCount, true),
      args: [`127.0.0.1:${kam.sipPort}`, '-i', agentsIp, '-p', '0', '-t', 'u1', '-m', String(agentCount)],
    });
    const registered = await register.done;
    const regCounts = register.counts();
    await register.stop();
    if (registered !== 0)
      throw new Error(
        `registration of ${agentCount} keys failed: ${JSON.stringify(regCounts)}\n${kam.log().slice(-3000)}`,
      );
    console.log(`${agentCount} keys registered; load ${load()}`);

    const db = new pg.Client({ connectionString: url });
    await db.connect();
    stops.push(() => db.end());

    const callRun = (n: number, remote: string, mediaPort: number) =>
      runSipp({
        scenario: callKeysScenario({ holdMs: holdS * 1000, pcap }),
        csv: csv(n, false),
        args: [remote, '-i', desk, '-p', '0', '-t', 'u1', '-m', String(n), '-l', String(n), '-r', String(rate)]
          .concat(['-mi', desk, '-mp', String(mediaPort), '-recv_timeout', '60000'])
          .concat(['-timeout', `${holdS + 120}s`, '-timeout_error']),
      });

    const rows: string[] = [];
    for (const n of steps) {
      const loadBefore = load();
      const floorRun = callRun(n, `${agentsIp}:${agentsPort}`, 41000);
      const floor = stepOf(floorRun, n, await floorRun.done);
      await floorRun.stop();
      await sleep(3000);

      const startedAt = new Date();
      const loadDuring: string[] = [];
      const sampler = setInterval(() => loadDuring.push(os.loadavg()[0]!.toFixed(2)), 5000);
      // The agents' side too: a BYE they see again was repeated by Kamailio (they answered late),
      // one the desk phone repeats and they do not see again was late in Kamailio.
      const agentByes = () => {
        const c = agents.counts();
        return { byes: c['5_BYE_Recv'] ?? 0, repeated: c['5_BYE_Retrans'] ?? 0 };
      };
      const agentsBefore = agentByes();
      // How long the gateway takes to answer a control command (Kamailio waits that long on each
      // offer, answer and delete): a ping every 200 ms while the calls run.
      const pings: number[] = [];
      let isPinging = true;
      const pinger = (async () => {
        while (isPinging) {
          const t0 = performance.now();
          await kam.media?.command({ command: 'ping' }).catch(() => undefined);
          pings.push(performance.now() - t0);
          await sleep(200);
        }
      })();
      const ours = callRun(n, `127.0.0.1:${kam.sipPort}`, 42000);
      const product = stepOf(ours, n, await ours.done);
      isPinging = false;
      await pinger;
      await sleep(1500);
      const agentsAfter = agentByes();
      clearInterval(sampler);
      const sippErrors = ours.stderr();
      await ours.stop();

      // Every answered call's record written and its recording settled (not 'pending').
      const deadline = Date.now() + 180_000;
      let records: { duration: number; recording_state: string | null; pre_record_url: string | null }[] = [];
      for (;;) {
        records = (
          await db.query(
            `select duration, recording_state, pre_record_url from call_records where start_time >= $1 and call_type = 2`,
            [startedAt],
          )
        ).rows;
        const settled = records.filter((r) => r.recording_state !== 'pending').length;
        if ((records.length >= n - product.failedSetups && settled === records.length) || Date.now() > deadline) break;
        await sleep(1000);
      }
      const deviations: number[] = [];
      // Per recording and side (left the agent, right the desk phone): the silence before its first
      // sound and after its last.
      const silences = {
        agent: { lead: [] as number[], tail: [] as number[] },
        customer: { lead: [] as number[], tail: [] as number[] },
      };
      const silenceOf = (side: keyof typeof silences) => {
        const { lead, tail } = silences[side];
        return lead.length
          ? `${pct(lead, 95).toFixed(2)} / ${Math.max(...lead).toFixed(2)} · ${pct(tail, 95).toFixed(2)} / ${Math.max(...tail).toFixed(2)}`
          : '–';
      };
      // The calls whose recording is off by more than a second: how long each is against its talk time.
      const offCalls: string[] = [];
      const talkOff: number[] = [];
      let ready = 0;
      for (const r of records) {
        talkOff.push(Math.abs(r.duration - holdS));
        if (r.recording_state !== 'ready' || !r.pre_record_url) continue;
        ready++;
        const wav = fs.readFileSync(path.join(dataDir, r.pre_record_url));
        // 8 kHz 16-bit stereo after a 44-byte header.
        const seconds = (wav.length - 44) / (8000 * 4);
        const sound = soundSpan(wav);
        for (const side of ['agent', 'customer'] as const) {
          silences[side].lead.push(sound[side].lead);
          silences[side].tail.push(sound[side].tail);
        }
        deviations.push(Math.abs(seconds - r.duration));
        if (Math.abs(seconds - r.duration) > 1) offCalls.push(`${seconds.toFixed(2)} s vs ${r.duration} s`);
      }
      const show = (s: TStep) =>
        `${s.failedSetups} | ${s.failedHangups} | ${s.inviteRetrans} | ${s.byeRetrans} | ${pct(s.setup, 50)} / ${pct(s.setup, 95)} | ${pct(s.hangup, 50)} / ${pct(s.hangup, 95)}`;
      const row =
        `| ${n} | floor | ${show(floor)} | – | – | – | – | – | ${loadBefore} |\n` +
        `| ${n} | ours | ${show(product)} | ${records.length} (${ready} recorded) | ${deviations.length ? Math.max(...deviations).toFixed(2) : '–'} | ${silenceOf('agent')} | ${silenceOf('customer')} | ${talkOff.length ? Math.max(...talkOff) : '–'} | ${loadDuring.join(' ')} |`;
      rows.push(row);
      console.log(row);
      console.log(
        `  agents: ${agentsAfter.byes - agentsBefore.byes} BYEs received through Kamailio, ` +
          `${agentsAfter.repeated - agentsBefore.repeated} of them repeated by Kamailio; ` +
          `gateway ping p50 / p95 / max ${pct(pings, 50).toFixed(0)} / ${pct(pings, 95).toFixed(0)} / ${Math.max(...pings).toFixed(0)} ms`,
      );
      if (offCalls.length)
        console.log(
          `  ${offCalls.length} recordings off by more than 1 s (recording vs talk): ${offCalls.slice(0, 10).join(', ')}`,
        );
      if (product.exit !== 0) console.log(`  sipp (ours) exit ${product.exit}: ${sippErrors.slice(0, 1500)}`);
      await sleep(3000);
    }
    console.log(
      `\n${new Date().toISOString()} · ${os.cpus().length} cores · hold ${holdS} s · ${rate} calls/s · recording ${isRecorded ? 'on' : 'off'}` +
        (udpWorkers ? ` · ${udpWorkers} SIP workers` : '') +
        (asyncWorkers ? ` · ${asyncWorkers} asynchronous workers` : '') +
        (cfgCommit ? ` · kamailio.cfg of ${cfgCommit}` : ''),
    );
    console.log(
      '| calls | path | failed set-ups | failed hang-ups | INVITE retrans | BYE retrans | set-up p50 / p95 ms | hang-up p50 / p95 ms | records (recorded) | max \\|recording − talk\\| s | agent: silence before the first sound · after the last, p95 / max s | customer (desk phone): the same | max \\|talk − hold\\| s | load |',
    );
    console.log('|---|---|---|---|---|---|---|---|---|---|---|---|---|---|');
    for (const r of rows) console.log(r);
    const untaken = kam.log().match(/media delete of .* not taken by the gateway/g) ?? [];
    console.log(`Media deletes the gateway did not take (it no longer knew the call): ${untaken.length}`);
    const unrouted = kam.log().match(/has no route to follow.*$/gm) ?? [];
    console.log(
      `In-dialog requests refused 404 (no route to follow): ${unrouted.length}${unrouted.length ? `; the last: ${unrouted.slice(-3).join(' / ')}` : ''}`,
    );
    const errors = kam.log().match(/ERROR:.*$/gm) ?? [];
    console.log(
      `Kamailio errors logged: ${errors.length}${errors.length ? `; the last: ${errors.slice(-3).join(' / ')}` : ''}`,
    );
  } finally {
    for (const stop of stops.reverse()) await stop().catch(() => undefined);
    fs.rmSync(dataDir, { recursive: true, force: true });
    await admin(`drop database if exists ${dbName}`).catch(() => undefined);
  }
};

await main();
