import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { routeTables, sandboxPayAct } from '@yunhu/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type TApp } from '../../app.js';
import { loadConfig } from '../../config.js';
import { startTestApp, type TTestApp } from '../../test/harness.js';
import { packetProducts } from '../packet/index.js';

const { trade: routes } = routeTables;

/**
 * The sandbox's pay page across a server restart (migration 0049): a QR code made by one
 * server is shown and paid on another server started over the same database — the trade lives in
 * `sandbox_trades`, not in the first process.
 */
describe('sandbox pay page across a restart', () => {
  let t: TTestApp;
  let restarted: TApp;
  let dataDir: string;
  let admin: string;

  beforeAll(async () => {
    t = await startTestApp();
    admin = await t.loginAs.admin();
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'yunhu-restart-'));
    restarted = await buildApp({ ...loadConfig({ DATA_DIR: dataDir, WEB_DIST: '' }), isProduction: false }, t.database);
    await restarted.ready();
  });
  afterAll(async () => {
    await restarted.close();
    await t.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('shows and pays on the new server a QR code the old one made; the order is paid once', async () => {
    const [product] = await t.database.db.select().from(packetProducts).where(eq(packetProducts.isEnabled, true));
    const order = (await t.call(routes.buy, { items: [{ productId: product!.id, quantity: 1 }] }, admin)).body.data!;
    const qr = (await t.call(routes.generateQrCode, { orderNo: order.orderNo }, admin)).body.data!;
    const page = await restarted.inject({ method: 'GET', url: `/dev/pay/page?t=${qr.outTradeNo}` });
    expect(page.body).toContain(`交易号 ${qr.outTradeNo}`);
    expect(page.body).toContain(`¥${(order.amount / 100).toFixed(2)}`);
    const paid = await Promise.all(
      Array.from({ length: 2 }, () =>
        restarted.inject({ method: 'POST', url: '/dev/pay/act', payload: { t: qr.outTradeNo, action: 'pay' } }),
      ),
    );
    expect(paid.map((p) => (p.json() as { msg: string }).msg).sort()).toEqual(
      ['已支付，无需重复支付', '支付成功，请回到电脑端查看'].sort(),
    );
    // The old server sees it paid (the new one's notification settled it in the shared database).
    const result = (await t.call(routes.findPayResult, { orderNo: order.orderNo }, admin)).body.data!;
    expect(result.state).toBe('paid');
    const unknown = await restarted.inject({ method: 'GET', url: '/dev/pay/page?t=YHNOPE' });
    expect(unknown.body).toContain('交易不存在或已失效');
    // The page's act takes only what the page sends: a trade number and pay or decline.
    const odd = await restarted.inject({
      method: 'POST',
      url: sandboxPayAct.path,
      payload: { t: 1, action: 'refund' },
    });
    expect((odd.json() as { code: number }).code).toBe(10002);
  });
});
