import { shanghaiDayStart } from '@yunhu/contract';
import { sql } from 'drizzle-orm';
import type { TDb } from '../db/client.js';
import { callBinds, callRecords } from '../modules/call/call.schema.js';
import { crmFollowRecords, customers } from '../modules/crm/crm.schema.js';
import { crmTags } from '../modules/crm-settings/crm-settings.schema.js';
import { cmccWorkNumbers, lines, tenantNumbers } from '../modules/line/line.schema.js';
import { pinyinOf } from '../modules/org/pinyin.js';
import { packets } from '../modules/packet/packet.schema.js';
import { seats } from '../modules/seat/seat.schema.js';

/** Deterministic pseudo-random numbers (mulberry32), so every fresh database gets the same demo data. */
export const seededRandom = (seed: number) => () => {
  seed = (seed + 0x6d2b79f5) | 0;
  let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
  t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
  return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
};

const surnames =
  '张王李赵刘陈杨黄周吴徐孙马朱胡郭何高林罗郑梁谢宋唐许韩冯邓曹彭曾肖田董袁潘蒋蔡余杜叶程苏魏吕丁任沈姚卢';
const givenNames = [
  '伟',
  '芳',
  '娜',
  '敏',
  '静',
  '磊',
  '洋',
  '勇',
  '艳',
  '杰',
  '娟',
  '涛',
  '明',
  '超',
  '秀英',
  '霞',
  '平',
  '刚',
  '桂英',
  '建华',
  '志强',
  '晓东',
  '丽华',
  '海燕',
];
const companies = [
  '杭州云帆贸易有限公司',
  '苏州恒达机械制造有限公司',
  '广州美家装饰工程有限公司',
  '成都天府教育咨询有限公司',
  '武汉长江物流有限公司',
  '南京金陵健康管理有限公司',
  '深圳前海跨境电商有限公司',
  '宁波港城家居用品有限公司',
  '西安古城文化传媒有限公司',
  '青岛海韵食品有限公司',
  '',
];
const sources = ['官网留资', '展会', '转介绍', '电话开发', '广告投放', '老客户'];
const tagColors = ['red', 'orange', 'gold', 'blue', 'green', 'purple'];
const tagPool = ['重点客户', '价格敏感', '已报价', '需要回访', '决策人', '竞品用户'];
const areas = [
  '浙江杭州',
  '江苏苏州',
  '广东广州',
  '四川成都',
  '湖北武汉',
  '江苏南京',
  '广东深圳',
  '浙江宁波',
  '陕西西安',
  '山东青岛',
];
const levels = ['A', 'B', 'C', 'D', 'D', 'E'];
const labels = ['connected', 'connected', 'no_answer', 'busy', 'power_off', 'suspended', 'invalid', null];

const day = 86_400_000;
const named = (name: string) => ({ name, ...pinyinOf(name) });

export type TSeedPeople = { tenantId: number; users: { id: number; deptId: number; mobile: string }[] };

/**
 * Lines, seats, packages, customers and a month of call records for the demo enterprise, so the
 * calling areas have real lists and charts from the first start.
 */
export const seedCalling = async (tx: TDb, demo: TSeedPeople, now: number): Promise<void> => {
  const rand = seededRandom(20261122);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(rand() * list.length)]!;
  const [sip, callback, app] = await tx
    .insert(lines)
    .values([
      {
        name: '浙江软电话线路',
        mode: 2,
        pricePerMinute: 12,
        area: '浙江杭州',
        callerNumbers: ['057188880001', '057188880002'],
      },
      { name: '全国回拨线路', mode: 0, pricePerMinute: 15, area: '全国', callerNumbers: ['02566660001'] },
      { name: 'APP 外呼线路', mode: 1, pricePerMinute: 10, area: '全国', callerNumbers: ['17000000001'] },
    ])
    .returning();
  const lineList = [sip!, callback!, app!];

  await tx.insert(seats).values(
    demo.users.map((u, i) => ({
      tenantId: demo.tenantId,
      userId: u.id,
      lineId: lineList[i % 2]!.id,
      startAt: new Date(now - 60 * day),
      expireAt: new Date(now + (i === 0 ? 10 : 300) * day),
      autoRenewal: i % 3 !== 0,
    })),
  );
  await seedSeatsAndNumbers(tx, demo, { sip: sip!.id, callback: callback!.id }, now);
  // An unused package of a line: bought `boughtDaysAgo`, lasting `days` in all.
  const packet = (
    lineId: number,
    name: string,
    totalMinutes: number,
    price: number,
    boughtDaysAgo: number,
    days: number,
  ) => ({
    tenantId: demo.tenantId,
    lineId,
    name,
    totalMinutes,
    usedSeconds: 0,
    price,
    boughtAt: new Date(now - boughtDaysAgo * day),
    expireAt: new Date(now + (days - boughtDaysAgo) * day),
  });
  await tx
    .insert(packets)
    .values([
      packet(sip!.id, '软电话包月 5000 分钟', 5000, 60000, 40, 60),
      packet(callback!.id, '回拨季度 20000 分钟', 20000, 280000, 25, 90),
    ]);

  const tagRows = await tx
    .insert(crmTags)
    .values(
      tagPool.map((name, sort) => ({
        tenantId: demo.tenantId,
        name,
        color: tagColors[sort % tagColors.length]!,
        sort,
      })),
    )
    .returning({ id: crmTags.id });
  const agents = demo.users;
  const customerRows = Array.from({ length: 240 }, (_, i) => {
    const owner = i < 200 ? agents[i % agents.length]! : null;
    const created = now - Math.floor(rand() * 45 * day);
    const followed = rand() < 0.7 ? created + Math.floor(rand() * (now - created)) : null;
    return {
      tenantId: demo.tenantId,
      ...named(`${pick([...surnames])}${pick(givenNames)}`),
      mobile: `1${pick(['35', '36', '37', '38', '39', '50', '51', '58', '59', '86', '87', '88'])}${String(10_000_000 + i * 37_813).slice(-8)}`,
      company: pick(companies),
      source: pick(sources),
      intentionLevel: pick(levels),
      isDeal: rand() < 0.08,
      phoneLabel: pick(labels),
      tagIds: tagRows.filter(() => rand() < 0.15).map((t) => t.id),
      ownerId: owner?.id ?? null,
      deptId: owner?.deptId ?? null,
      isProtected: rand() < 0.05,
      lastFollowAt: followed ? new Date(followed) : null,
      lastFollowContent: followed
        ? pick(['客户有意向，约下周再谈', '已发送报价单', '客户在开会，稍后回电', '暂无需求，三个月后回访'])
        : null,
      nextFollowAt: followed && rand() < 0.5 ? new Date(now + Math.floor(rand() * 10) * day) : null,
      ownedAt: owner ? new Date(created) : null,
      poolAt: owner ? null : new Date(created),
      createdAt: new Date(created),
      updatedAt: new Date(followed ?? created),
    };
  });
  const inserted = await tx
    .insert(customers)
    .values(customerRows)
    .returning({ id: customers.id, mobile: customers.mobile, ownerId: customers.ownerId });

  // Follow-ups behind every 最近跟进: the last one is the customer's last follow-up
  // (its time and content), with up to two earlier ones, by the owner (a pool customer's by an agent
  // who followed him before he went back), so 跟进次数 and the timeline agree with the list.
  // Their own random sequence, so the calls below stay what they were.
  const followRand = seededRandom(20261117);
  const pickFollow = <T>(list: readonly T[]): T => list[Math.floor(followRand() * list.length)]!;
  const follows: (typeof crmFollowRecords.$inferInsert)[] = [];
  for (const [i, row] of customerRows.entries()) {
    if (!row.lastFollowAt) continue;
    const customerId = inserted[i]!.id;
    const by = row.ownerId ?? pickFollow(agents).id;
    const created = row.createdAt.getTime();
    const last = row.lastFollowAt.getTime();
    const earlier = Math.floor(followRand() * 3);
    for (let k = 0; k < earlier; k++) {
      follows.push({
        tenantId: demo.tenantId,
        customerId,
        userId: by,
        method: pickFollow(['phone', 'phone', 'wechat', 'visit']),
        content: pickFollow(['首次电话沟通，介绍产品', '加了微信，发送资料', '客户询问价格，待报价']),
        createdAt: new Date(created + Math.floor(((k + 1) / (earlier + 1)) * (last - created))),
      });
    }
    follows.push({
      tenantId: demo.tenantId,
      customerId,
      userId: by,
      method: 'phone',
      content: row.lastFollowContent!,
      nextFollowAt: row.nextFollowAt,
      createdAt: row.lastFollowAt,
    });
  }
  for (let i = 0; i < follows.length; i += 500) await tx.insert(crmFollowRecords).values(follows.slice(i, i + 500));

  const calls: (typeof callRecords.$inferInsert)[] = [];
  for (let d = 29; d >= 0; d--) {
    for (const [ai, agent] of agents.entries()) {
      // Working days see more calls; each agent has his own pace.
      const weekday = new Date(now - d * day).getDay();
      const count = weekday === 0 || weekday === 6 ? Math.floor(rand() * 3) : 4 + ((ai * 3 + d) % 7);
      const own = inserted.filter((c) => c.ownerId === agent.id);
      for (let k = 0; k < count; k++) {
        const customer = own.length ? pick(own) : pick(inserted);
        const line = lineList[ai % 2]!;
        // Office hours of the Asia/Shanghai day (the statistics count Shanghai days and hours),
        // whatever the server's own time zone.
        const shanghaiMidnight = shanghaiDayStart(new Date(now - d * day)).getTime();
        const start =
          shanghaiMidnight +
          (9 + Math.floor(rand() * 10)) * 3_600_000 +
          Math.floor(rand() * 60) * 60_000 +
          Math.floor(rand() * 60) * 1000;
        if (start > now) continue;
        const roll = rand();
        const status = roll < 0.55 ? 1 : roll < 0.8 ? 2 : roll < 0.93 ? 3 : 4;
        const duration = status === 1 ? 15 + Math.floor(rand() * 400) : 0;
        calls.push({
          tenantId: demo.tenantId,
          userId: agent.id,
          deptId: agent.deptId,
          customerId: customer.id,
          lineId: line.id,
          bindId: `seed-${d}-${ai}-${k}`,
          telA: agent.mobile,
          telB: customer.mobile,
          telX: line.callerNumbers[0] ?? '',
          callStatus: status,
          finishStatus: status === 1 ? (rand() < 0.5 ? 1 : 2) : status === 2 ? 3 : 4,
          duration,
          startTime: new Date(start),
          endTime: new Date(start + (duration + 8) * 1000),
          postage: Math.ceil(duration / 60) * line.pricePerMinute,
          callerAttr: '浙江杭州',
          calleeAttr: pick(areas),
        });
      }
    }
  }
  for (let i = 0; i < calls.length; i += 500) await tx.insert(callRecords).values(calls.slice(i, i + 500));
  // A dial request behind every record, as the dial flow leaves them: made a few seconds
  // before the call started, over once it ended, so 拨打次数 and 通话次数 agree everywhere.
  const modeOf = new Map(lineList.map((l) => [l.id, l.mode]));
  const binds: (typeof callBinds.$inferInsert)[] = calls.map((c) => ({
    tenantId: c.tenantId,
    bindId: c.bindId,
    userId: c.userId,
    deptId: c.deptId,
    lineId: c.lineId!,
    lineMode: modeOf.get(c.lineId!)!,
    telA: c.telA,
    telB: c.telB,
    telX: c.telX,
    customerId: c.customerId,
    state: c.callStatus === 1 ? 'finished' : 'failed',
    createdAt: new Date(c.startTime.getTime() - 3000),
    updatedAt: c.endTime,
  }));
  for (let i = 0; i < binds.length; i += 500) await tx.insert(callBinds).values(binds.slice(i, i + 500));
  // Customers count their calls and show the label of the last one, as the ingestion keeps them.
  await tx.execute(sql`
    update customers c set call_count = x.n, last_call_at = x.last, phone_label = x.label
    from (select customer_id, count(*)::int as n, max(start_time) as last,
            (array_agg(case call_status when 1 then 'connected' when 2 then 'no_answer'
                                        when 3 then 'busy' else 'invalid' end order by start_time desc))[1] as label
          from call_records where tenant_id = ${demo.tenantId} and customer_id is not null group by customer_id) x
    where c.id = x.customer_id`);
};

/**
 * What 坐席管理 and the number screens start with: free seats to assign, the
 * enterprise's own caller numbers (one distributed), and China Mobile work numbers (one bound).
 */
const seedSeatsAndNumbers = async (
  tx: TDb,
  demo: TSeedPeople,
  line: { sip: number; callback: number },
  now: number,
): Promise<void> => {
  const [, agent01, agent02] = demo.users;
  await tx.insert(seats).values(
    [line.sip, line.sip, line.callback, line.callback].map((lineId) => ({
      tenantId: demo.tenantId,
      userId: null,
      lineId,
      startAt: new Date(now - 30 * day),
      expireAt: new Date(now + 200 * day),
    })),
  );
  await tx.insert(tenantNumbers).values([
    {
      tenantId: demo.tenantId,
      lineId: line.sip,
      number: '057188881001',
      remark: '销售一部总机',
      userId: agent02?.id ?? null,
      distributedAt: agent02 ? new Date(now - 5 * day) : null,
    },
    { tenantId: demo.tenantId, lineId: line.sip, number: '057188881002', remark: '' },
    { tenantId: demo.tenantId, lineId: line.callback, number: '02566661001', remark: '回拨专用' },
  ]);
  await tx.insert(cmccWorkNumbers).values(
    ['14700000001', '14700000002', '14700000003', '14700000004', '14700000005'].map((workNumber, i) => ({
      tenantId: demo.tenantId,
      workNumber,
      remark: '中国移动 浙江',
      userId: i === 0 ? (agent01?.id ?? null) : null,
      boundAt: i === 0 && agent01 ? new Date(now - 10 * day) : null,
    })),
  );
};
