import { and, desc, eq, isNull } from 'drizzle-orm';
import type { TDb } from '../db/client.js';
import { customers } from '../modules/crm/crm.schema.js';
import { callTaskItems, callTasks } from '../modules/task-card/task-card.schema.js';
import type { TSeedPeople } from './calling.js';

const day = 86_400_000;

/**
 * A calling task under way (任务卡): the manager's, over two agents of his department,
 * each with five of his customers, two of them done. agent01 is left out: the end-to-end tests
 * give him tasks of their own.
 */
export const seedTasks = async (tx: TDb, demo: TSeedPeople, now: number): Promise<void> => {
  const [manager, , ...agents] = demo.users;
  const workers = agents.filter((a) => a.deptId === manager!.deptId).slice(0, 2);
  if (!manager || workers.length === 0) return;
  const [task] = await tx
    .insert(callTasks)
    .values({
      tenantId: demo.tenantId,
      name: '本周意向客户回访',
      description: '回访意向客户，确认产品演示时间',
      createdBy: manager.id,
      deptId: manager.deptId,
      createdAt: new Date(now - 2 * day),
      updatedAt: new Date(now - 2 * day),
    })
    .returning();
  const done = [
    { result: 'interested', note: '客户有兴趣，约下周演示' },
    { result: 'no_answer', note: '无人接听，明天再打' },
  ];
  let seq = 0;
  for (const worker of workers) {
    const own = await tx
      .select({ id: customers.id })
      .from(customers)
      .where(and(eq(customers.tenantId, demo.tenantId), eq(customers.ownerId, worker.id), isNull(customers.deletedAt)))
      .orderBy(desc(customers.id))
      .limit(5);
    await tx.insert(callTaskItems).values(
      own.map((c, i) => ({
        tenantId: demo.tenantId,
        taskId: task!.id,
        customerId: c.id,
        userId: worker.id,
        deptId: worker.deptId,
        seq: seq++,
        status: done[i] ? 'done' : 'pending',
        attempts: done[i] ? 1 : 0,
        result: done[i]?.result ?? null,
        note: done[i]?.note ?? '',
        finishedAt: done[i] ? new Date(now - day + i * 600_000) : null,
      })),
    );
  }
};
