// First load of the console: what a browser with an empty cache downloads per route, and
// how much of the JavaScript it downloaded ran. Goals: login ≤ 250 KB of gzip JS, any route ≤ 500 KB.
// Builds nothing: run `npm run build` first (the web build writes the .br/.gz copies the server sends).
//
// Two servers from the same build, same run: the app as served now (brotli or gzip by Accept-Encoding,
// the precompressed copies) and the floor, the same files without their compressed copies (identity,
// as the server sent them before it precompressed). Each route is a first load: a fresh browser context (no
// HTTP cache, no storage) in Debian's Chromium; the routes behind the sign-in get the session cookie
// of one sign-in through the login page. Per route: JS files, raw KB (decoded), gzip KB (the .gz
// copies of the same files: the goals are stated in gzip), KB on the wire, the share of the loaded JS
// that ran (V8 precise coverage through CDP: characters in blocks that ran / characters loaded), and
// the JSON of the API calls (why API answers are not compressed: apps/server/src/http/web-app.ts).
// Usage: npm run build && node --import tsx bench/first-load.bench.ts  (BENCH_TOP=8 lists each route's
// largest JS files by gzip size: what to split next)
import fs from 'node:fs';
import path from 'node:path';
import { type Browser, type BrowserContext, chromium, type Page, type Response } from 'playwright-core';
import {
  chromiumFlags,
  chromiumPath,
  demoAdmin,
  requireBuiltWeb,
  startBuiltServer,
  type TBuiltServer,
  uncompressedCopy,
  webDist,
} from './built-server.js';

const goals = { login: 250, route: 500 };

/** The login page, then the heaviest screens an administrator opens first (charts, soft-phone, tables). */
const routes = [
  { name: '登录 /#/login', hash: '#/login', isSignedIn: false },
  { name: '首页 home', hash: '#/menu/home', isSignedIn: true },
  { name: '我的客户 CRM/myCustomer', hash: '#/menu/CRM/myCustomer', isSignedIn: true },
  { name: '通话记录 account/callRecord', hash: '#/menu/account/callRecord', isSignedIn: true },
  { name: '话务统计 phoneStatistics', hash: '#/menu/phoneStatistics', isSignedIn: true },
  { name: '任务卡 taskCard', hash: '#/menu/taskCard', isSignedIn: true },
  { name: '员工管理 account/staffManage', hash: '#/menu/account/staffManage', isSignedIn: true },
] as const;

type TCoverage = {
  url: string;
  source?: string;
  functions: { ranges: { startOffset: number; endOffset: number; count: number }[] }[];
};

/** Characters of a script inside blocks that ran: the innermost range covering a character decides. */
const usedChars = (entry: TCoverage) => {
  const length = entry.source?.length ?? 0;
  const ran = new Uint8Array(length);
  const ranges = entry.functions
    .flatMap((f) => f.ranges)
    .sort((a, b) => a.startOffset - b.startOffset || b.endOffset - a.endOffset);
  for (const r of ranges) ran.fill(r.count > 0 ? 1 : 0, r.startOffset, Math.min(r.endOffset, length));
  return { used: ran.reduce((n, v) => n + v, 0), total: length };
};

/** The size of the build's .gz copy of a served file (the file itself when it has none). */
const gzipSizeOf = (url: string, raw: number) => {
  const file = path.join(webDist, decodeURIComponent(new URL(url).pathname));
  return fs.existsSync(`${file}.gz`) ? fs.statSync(`${file}.gz`).size : raw;
};

type TFigures = {
  files: number;
  /** Per file: its name and gzip size, for the list of the largest (BENCH_TOP). */
  gzipByFile: [string, number][];
  raw: number;
  gzip: number;
  wire: number;
  encodings: Set<string>;
  used: number;
  loaded: number;
  apiRaw: number;
  apiCalls: number;
};

const firstLoad = async (context: BrowserContext, url: string, afterLoad?: (page: Page) => Promise<void>) => {
  const page = await context.newPage();
  const responses: Response[] = [];
  page.on('response', (r) => responses.push(r));
  await page.coverage.startJSCoverage({ resetOnNavigation: false });
  await page.goto(url);
  await page.waitForLoadState('networkidle');
  // A cold server can leave the network idle for 500 ms between a page's chunk and its lazy parts
  // (census cards, the soft-phone widget): wait until 2 s pass without a new response.
  for (let seen = -1; seen !== responses.length; ) {
    seen = responses.length;
    await page.waitForTimeout(2000);
  }
  const coverage = (await page.coverage.stopJSCoverage()) as TCoverage[];
  const figures: TFigures = {
    files: 0,
    gzipByFile: [],
    raw: 0,
    gzip: 0,
    wire: 0,
    encodings: new Set(),
    used: 0,
    loaded: 0,
    apiRaw: 0,
    apiCalls: 0,
  };
  for (const r of responses) {
    const type = r.request().resourceType();
    if (type !== 'script' && type !== 'xhr' && type !== 'fetch') continue;
    const raw = (await r.body()).length;
    if (type === 'script') {
      figures.files++;
      figures.raw += raw;
      const gzip = gzipSizeOf(r.url(), raw);
      figures.gzip += gzip;
      figures.gzipByFile.push([path.basename(new URL(r.url()).pathname), gzip]);
      figures.wire += (await r.request().sizes()).responseBodySize;
      figures.encodings.add(r.headers()['content-encoding'] ?? 'identity');
    } else {
      figures.apiRaw += raw;
      figures.apiCalls++;
    }
  }
  for (const entry of coverage.filter((e) => e.url.startsWith(new URL(url).origin))) {
    const { used, total } = usedChars(entry);
    figures.used += used;
    figures.loaded += total;
  }
  if (new URL(page.url()).hash !== new URL(url).hash) throw new Error(`${url} ended on ${page.url()}`);
  await afterLoad?.(page);
  await page.close();
  return figures;
};

const newContext = (browser: Browser, storageState?: Awaited<ReturnType<BrowserContext['storageState']>>) =>
  browser.newContext({ locale: 'zh-CN', viewport: { width: 1366, height: 860 }, storageState });

/** Every route as a first load against one server; the login page's load ends with the sign-in. */
const measureServer = async (browser: Browser, server: TBuiltServer) => {
  const results = new Map<string, TFigures>();
  const loginContext = await newContext(browser);
  let session: Awaited<ReturnType<BrowserContext['storageState']>> | undefined;
  results.set(
    routes[0].name,
    await firstLoad(loginContext, `${server.baseUrl}/${routes[0].hash}`, async (page) => {
      await page.getByRole('tab', { name: '密码登录' }).click();
      await page.getByPlaceholder('请输入账号或手机号').fill(demoAdmin.username);
      await page.getByPlaceholder('请输入密码').fill(demoAdmin.password);
      await page.getByRole('button', { name: '登录', exact: true }).click();
      await page.waitForURL(/#\/menu\/home/);
      session = await loginContext.storageState();
    }),
  );
  await loginContext.close();
  for (const route of routes.slice(1)) {
    const context = await newContext(browser, session);
    // The tab's copy of the token (web shared/http/token.ts), as a signed-in tab that reloads has it.
    const token = session?.cookies.find((c) => c.name === 'CLOUD_TOKEN')?.value ?? '';
    await context.addInitScript({ content: `sessionStorage.setItem('CLOUD_TOKEN', ${JSON.stringify(token)});` });
    results.set(route.name, await firstLoad(context, `${server.baseUrl}/${route.hash}`));
    await context.close();
  }
  return results;
};

requireBuiltWeb();
const identityDist = uncompressedCopy();
const [served, floor] = await Promise.all([startBuiltServer(), startBuiltServer(identityDist)]);
const browser = await chromium.launch({ executablePath: chromiumPath, args: chromiumFlags });
try {
  const now = await measureServer(browser, served);
  const before = await measureServer(browser, floor);
  const kb = (n: number) => (n / 1024).toFixed(0);
  const pct = (a: number, b: number) => (b ? `${((100 * a) / b).toFixed(0)} %` : '-');
  console.log(`build: ${webDist}, Chromium ${browser.version()}`);
  console.log(
    '| route | JS files | raw KB | gzip KB | goal | met | on the wire KB (enc.) | identity floor KB (enc.) | wire / floor | JS that ran | API JSON KB (calls) |',
  );
  console.log('|---|---|---|---|---|---|---|---|---|---|---|');
  for (const route of routes) {
    const a = now.get(route.name)!;
    const b = before.get(route.name)!;
    const goal = route.isSignedIn ? goals.route : goals.login;
    console.log(
      `| ${route.name} | ${a.files} | ${kb(a.raw)} | ${kb(a.gzip)} | ≤ ${goal} | ${a.gzip / 1024 <= goal ? 'yes' : 'no'} | ` +
        `${kb(a.wire)} (${[...a.encodings].join('/')}) | ${kb(b.wire)} (${[...b.encodings].join('/')}) | ` +
        `${(a.wire / b.wire).toFixed(2)}x | ${pct(a.used, a.loaded)} | ${kb(a.apiRaw)} (${a.apiCalls}) |`,
    );
  }
  const top = Number(process.env.BENCH_TOP ?? 0);
  for (const route of top > 0 ? routes : []) {
    const largest = now
      .get(route.name)!
      .gzipByFile.sort((a, b) => b[1] - a[1])
      .slice(0, top);
    console.log(`${route.name}, largest JS (gzip KB): ${largest.map(([f, n]) => `${f} ${kb(n)}`).join(', ')}`);
  }
} finally {
  await browser.close();
  await Promise.all([served.stop(), floor.stop()]);
  fs.rmSync(identityDist, { recursive: true, force: true });
}
