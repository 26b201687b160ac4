import type { TDb } from '../db/client.js';
import { lines } from '../modules/line/line.schema.js';
import { packetProducts } from '../modules/packet/packet.schema.js';
import { book } from '../modules/trade/ledger.repository.js';

/**
 * The demo's commerce: a package catalogue on every line (one entry off the shelf), and
 * the demo enterprise's opening balance, booked through the ledger like any movement.
 */
export const seedCommerce = async (tx: TDb, demoTenantId: number) => {
  const all = await tx.select({ id: lines.id, name: lines.name }).from(lines);
  await tx.insert(packetProducts).values(
    all.flatMap((l) => [
      { type: 'minutes', lineId: l.id, name: '1000分钟月包', minutes: 1000, price: 12000, validityDays: 30 },
      { type: 'minutes', lineId: l.id, name: '5000分钟季包', minutes: 5000, price: 55000, validityDays: 90 },
      { type: 'minutes', lineId: l.id, name: '20000分钟年包', minutes: 20000, price: 200000, validityDays: 365 },
      {
        type: 'minutes',
        lineId: l.id,
        name: '300分钟体验包（已下架）',
        minutes: 300,
        price: 3000,
        validityDays: 7,
        isEnabled: false,
      },
    ]),
  );
  await book(tx, {
    tenantId: demoTenantId,
    kind: 'adjustment',
    amount: 50000,
    bizType: 'adjustment',
    bizKey: 'seed-opening-balance',
    remark: '开户赠送余额',
  });
};
