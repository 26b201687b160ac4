import { and, eq } from 'drizzle-orm';
import type { TDb } from '../db/client.js';
import { departments, roles, users } from '../modules/org/org.schema.js';
import { searchTextOf } from '../modules/resource/index.js';
import { resourceFolders, resourceItems, type TStoredSection } from '../modules/resource/resource.schema.js';

const day = 86_400_000;

/**
 * 资料库 of the demo enterprise: two folders and three scripts — one for everyone, one for 销售一部
 * (and below), one for the 主管 role — so each demo login reads a different library.
 */
export const seedResourceLibrary = async (tx: TDb, tenantId: number, now: number): Promise<void> => {
  const [admin] = await tx
    .select({ id: users.id, realName: users.realName })
    .from(users)
    .where(eq(users.username, 'admin'));
  const [firstDept] = await tx
    .select({ id: departments.id })
    .from(departments)
    .where(and(eq(departments.tenantId, tenantId), eq(departments.name, '销售一部')));
  const [managerRole] = await tx
    .select({ id: roles.id })
    .from(roles)
    .where(and(eq(roles.tenantId, tenantId), eq(roles.name, '主管')));
  const [sales, renewals] = await tx
    .insert(resourceFolders)
    .values([
      { tenantId, name: '销售话术', sort: 1 },
      { tenantId, name: '续费与回访', sort: 2 },
    ])
    .returning();
  const item = (
    title: string,
    folderId: number,
    sections: TStoredSection[],
    tags: string[],
    audience: { visibility: string; deptIds?: number[]; roleIds?: number[] },
    ageDays: number,
    useCount: number,
  ) => ({
    tenantId,
    folderId,
    kind: 'script',
    title,
    sections,
    tags,
    visibility: audience.visibility,
    deptIds: audience.deptIds ?? [],
    roleIds: audience.roleIds ?? [],
    ownerId: admin!.id,
    ownerName: admin!.realName,
    searchText: searchTextOf(title, sections, tags),
    useCount,
    createdAt: new Date(now - ageDays * day),
    updatedAt: new Date(now - ageDays * day),
  });
  await tx.insert(resourceItems).values([
    item(
      '新客户开场话术',
      sales!.id,
      [
        {
          kind: 'opening',
          heading: '开场白',
          text: '您好，我是演示科技的顾问，想占用您一分钟介绍我们的云呼叫服务。',
          pairs: [],
        },
        {
          kind: 'needs',
          heading: '需求挖掘',
          text: '请问您现在每天大概要打多少通电话？主要是销售还是回访？',
          pairs: [],
        },
        {
          kind: 'objection',
          heading: '异议处理',
          text: '',
          pairs: [
            { question: '太贵了', answer: '我们按分钟计费，没有月租，您可以先用试用额度体验。' },
            { question: '现在没时间', answer: '理解，我晚些时候再打给您，您看下午三点方便吗？' },
          ],
        },
        {
          kind: 'closing',
          heading: '促成结束',
          text: '我先把资料和报价发到您的微信，您看看，有问题随时找我。',
          pairs: [],
        },
      ],
      ['新客户', '开场'],
      { visibility: 'all' },
      6,
      12,
    ),
    item(
      '老客户续费话术',
      renewals!.id,
      [
        {
          kind: 'opening',
          heading: '开场白',
          text: '您好，我是演示科技的客服，您的坐席下周到期，提前提醒您一下。',
          pairs: [],
        },
        {
          kind: 'objection',
          heading: '异议处理',
          text: '',
          pairs: [{ question: '用得不多', answer: '可以改成按分钟的套餐，没用完的分钟数在有效期内都能用。' }],
        },
      ],
      ['续费', '老客户'],
      { visibility: 'depts', deptIds: [firstDept!.id] },
      3,
      5,
    ),
    item(
      '主管辅导要点',
      sales!.id,
      [
        {
          kind: 'other',
          heading: '听录音时关注',
          text: '开场是否说明来电目的；是否问清需求；异议是否正面回应。',
          pairs: [],
        },
      ],
      ['辅导'],
      { visibility: 'roles', roleIds: [managerRole!.id] },
      1,
      2,
    ),
  ]);
};
