// Call set-up through the media gateway: a soft-phone agent's click on 呼叫 → 通话中
// when a plain-RTP carrier trunk (sipp, answering at once with PCMA) takes the call through
// rtpengine, against today's browser-to-browser set-up (Kamailio without the gateway: the browsers'
// own ICE and DTLS) measured in the same run, and browser-to-browser through the gateway for
// information. Goal: trunk ≤ 1.5 × browser-to-browser.
//
// Browser-to-browser is counted as in e2e/softphone/softphone.e2e.ts: click → 振铃中 on the caller,
// plus the callee's 接听 click → 通话中 on the caller (the callee's person is left out). Times are
// taken inside the page (click handler and a MutationObserver on the widget), so no Playwright
// polling delay is in them. Median of BENCH_RUNS (default 7) calls per case, after one warm-up.
// The server runs as in the e2e harness (built web app, fresh embedded database, demo data).
// Usage: npm run build && node --import tsx bench/gateway.bench.ts
import { type Browser, chromium, type Page } from 'playwright-core';
import { startKamailio, type TKamailio } from '../apps/server/src/modules/telephony/sip.kamailio.js';
import { openRtpPeer, startSippTrunk } from '../apps/server/src/modules/telephony/sip.kamailio-sipp.test-kit.js';
import { chromiumFlags, chromiumPath, freePort, requireBuiltWeb, startBuiltServer, webDist } from './built-server.js';

const runs = Number(process.env.BENCH_RUNS ?? 7);
const sip = { sharedSecret: 'yunhu-bench-sip-secret', realm: 'sip.yunhu.test' };
const trunkNumber = '02566660001';

type TTimes = { dialClick?: number; ringing?: number; answerClick?: number; inCall?: number };

/**
 * Click and widget-status times inside the page (as softphone.e2e.ts records them). A string: the
 * bench is type-checked without the DOM library.
 */
const recordTimes = (page: Page) =>
  page.addInitScript({
    content: `(() => {
      const times = {};
      window.__times = times;
      const now = () => performance.timeOrigin + performance.now();
      document.addEventListener('click', (e) => {
        const el = e.target;
        if (el && el.closest && el.closest('[data-testid="softphone-dial"]')) {
          times.dialClick = now();
          times.ringing = undefined;
          times.inCall = undefined;
        }
        if (el && el.closest && el.closest('[data-testid="softphone-answer"]')) times.answerClick = now();
      }, true);
      new MutationObserver(() => {
        const status = document.querySelector('[data-testid="softphone-status"]')?.textContent;
        if (times.dialClick && !times.ringing && status === '振铃中') times.ringing = now();
        if (times.dialClick && !times.inCall && status === '通话中') times.inCall = now();
      }).observe(document, { childList: true, subtree: true, characterData: true });
      // Every peer connection the soft-phone makes, for the first audio packet's time.
      const Original = window.RTCPeerConnection;
      window.__pcs = [];
      window.RTCPeerConnection = class extends Original {
        constructor(config) {
          super(config);
          window.__pcs.push(this);
        }
      };
    })();`,
  });
const timesOf = (page: Page) => page.evaluate('window.__times') as Promise<TTimes>;

const waitFor = async (what: string, check: () => Promise<boolean>, timeoutMs = 15_000) => {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
};
const statusIs = (page: Page, text: string) => async () =>
  (await page.getByTestId('softphone-status').textContent()) === text;

const signIn = async (browser: Browser, baseUrl: string, username: string, password: string) => {
  const context = await browser.newContext({ locale: 'zh-CN', viewport: { width: 1366, height: 860 } });
  const page = await context.newPage();
  await recordTimes(page);
  await page.goto(`${baseUrl}/#/login`);
  await page.getByRole('tab', { name: '密码登录' }).click();
  await page.getByPlaceholder('请输入账号或手机号').fill(username);
  await page.getByPlaceholder('请输入密码').fill(password);
  await page.getByRole('button', { name: '登录', exact: true }).click();
  await page.waitForURL(/#\/menu\/home/);
  await page.waitForLoadState('networkidle');
  return page;
};

const goOnline = async (page: Page) => {
  await page.locator('[data-testid="softphone"][data-config="ready"]').waitFor({ timeout: 15_000 });
  if ((await page.getByTestId('softphone-line').textContent()) === '已上线') return;
  await page.getByTestId('softphone-online').click();
  await waitFor('已上线', async () => (await page.getByTestId('softphone-line').textContent()) === '已上线');
};

const dial = async (page: Page, target: string) => {
  if (!(await page.getByTestId('softphone-dial-input').isVisible())) await page.getByTestId('softphone-toggle').click();
  await page.getByTestId('softphone-dial-input').fill(target);
  await page.getByTestId('softphone-dial').click();
};

const hangUp = async (page: Page, others: Page[] = []) => {
  await page.getByTestId('softphone-hangup').click();
  for (const p of [page, ...others]) await waitFor('the call cleared', statusIs(p, ''), 8000);
};

/** Browser to browser: caller's click → 振铃中, plus callee's 接听 → caller's 通话中. */
const browserCall = async (caller: Page, callee: Page, calleeKey: string) => {
  await dial(caller, calleeKey);
  await callee.getByTestId('softphone-incoming').waitFor({ timeout: 15_000 });
  await callee.getByTestId('softphone-answer').click();
  await waitFor('通话中', statusIs(caller, '通话中'));
  const a = await timesOf(caller);
  const b = await timesOf(callee);
  await hangUp(caller, [callee]);
  return a.ringing! - a.dialClick! + (a.inCall! - b.answerClick!);
};

/** Audio packets the page's newest peer connection received. */
const inboundPackets = (page: Page) =>
  page.evaluate(`(async () => {
    const pc = window.__pcs[window.__pcs.length - 1];
    if (!pc) return 0;
    let n = 0;
    (await pc.getStats()).forEach((s) => {
      if (s.type === 'inbound-rtp' && s.kind === 'audio') n = s.packetsReceived;
    });
    return n;
  })()`) as Promise<number>;

/**
 * To the trunk: click → 通话中 (the trunk answers at once), and click → the first audio packet
 * from the trunk counted in the page (polled every 10 ms: up to 10 ms late).
 */
const trunkCall = async (caller: Page) => {
  await dial(caller, trunkNumber);
  await waitFor('通话中', statusIs(caller, '通话中'));
  const before = await inboundPackets(caller);
  await waitFor('audio from the trunk', async () => (await inboundPackets(caller)) > before, 10_000);
  const firstAudioAt = Date.now();
  const a = await timesOf(caller);
  await hangUp(caller);
  return { setup: a.inCall! - a.dialClick!, audio: firstAudioAt - a.dialClick! };
};

const median = (xs: number[]) => [...xs].sort((x, y) => x - y)[Math.floor(xs.length / 2)]!;

const main = async () => {
  requireBuiltWeb();
  const wsPort = await freePort();
  const server = await startBuiltServer(webDist, {
    SIP_WS_URL: `ws://127.0.0.1:${wsPort}`,
    SIP_SHARED_SECRET: sip.sharedSecret,
    SIP_REALM: sip.realm,
  });
  const browser = await chromium.launch({
    executablePath: chromiumPath,
    args: [...chromiumFlags, '--use-fake-ui-for-media-stream', '--use-fake-device-for-media-stream'],
  });
  const rtp = await openRtpPeer();
  const trunk = await startSippTrunk({ rtpPort: rtp.port });
  let kam: TKamailio | null = null;
  const kamailio = (isGateway: boolean) =>
    startKamailio({
      serverUrl: server.baseUrl,
      sharedSecret: sip.sharedSecret,
      realm: sip.realm,
      origins: [server.baseUrl],
      wsPort,
      trunk: { address: trunk.address },
      ...(isGateway ? {} : { media: false as const }),
    });
  try {
    const caller = await signIn(browser, server.baseUrl, 'agent02', 'Agent@2026');
    const callee = await signIn(browser, server.baseUrl, 'agent04', 'Agent@2026');

    // Today: no gateway, the browsers talk to each other directly.
    kam = await kamailio(false);
    await goOnline(caller);
    await goOnline(callee);
    const calleeKey = ((await callee.getByTestId('softphone-key').textContent()) ?? '').replace(/^.*：/, '');
    await browserCall(caller, callee, calleeKey);
    const direct: number[] = [];
    for (let i = 0; i < runs; i++) direct.push(await browserCall(caller, callee, calleeKey));
    await kam.stop();
    kam = null;

    // Through the gateway: the trunk, and browser to browser, interleaved.
    kam = await kamailio(true);
    await waitFor('已下线', async () => (await caller.getByTestId('softphone-line').textContent()) !== '已上线');
    await goOnline(caller);
    await goOnline(callee);
    await trunkCall(caller);
    await browserCall(caller, callee, calleeKey);
    const viaTrunk: number[] = [];
    const trunkAudio: number[] = [];
    const anchored: number[] = [];
    for (let i = 0; i < runs; i++) {
      const trunkTimes = await trunkCall(caller);
      viaTrunk.push(trunkTimes.setup);
      trunkAudio.push(trunkTimes.audio);
      anchored.push(await browserCall(caller, callee, calleeKey));
    }
    const floor = median(direct);
    const show = (xs: number[]) => xs.map((x) => x.toFixed(0)).join('/');
    console.log(`呼叫到通话中（毫秒，${runs} 次中位数，同一次运行）：`);
    console.log(`  浏览器到浏览器，无媒体网关（今天，基线）：${floor.toFixed(0)}  [${show(direct)}]`);
    console.log(
      `  浏览器到浏览器，经媒体网关：${median(anchored).toFixed(0)}  [${show(anchored)}]  ${(median(anchored) / floor).toFixed(2)}×`,
    );
    console.log(
      `  点击呼叫到通话中，经媒体网关到 sipp 中继（立即应答，PCMA）：${median(viaTrunk).toFixed(0)}  [${show(viaTrunk)}]  ` +
        `${(median(viaTrunk) / floor).toFixed(2)}×（目标 ≤ 1.5×）`,
    );
    console.log(`  点击呼叫到页面收到中继的第一个音频包：${median(trunkAudio).toFixed(0)}  [${show(trunkAudio)}]`);
    console.log(`  中继收到 RTP 包（PCMA）：${rtp.received().packets}，发出：${rtp.sent()}`);
  } finally {
    await kam?.stop();
    await trunk.stop();
    rtp.close();
    await browser.close();
    await server.stop();
  }
};

await main();
