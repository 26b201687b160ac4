import { routeTables } from '@yunhu/contract';
import type { TTestApp } from '../../test/harness.js';

/** The password every test-made agent administrator chooses at his first sign-in. */
export const agentTestPassword = 'Agent@2026x';
/** The password the platform gives him (changed at the first sign-in, as staff do). */
const agentInitialPassword = 'Given@2026x';

/**
 * An agent (代理商) created the way the platform creates one (its first administrator, role and
 * invitation code), with that administrator signed in.
 */
export const createTestAgent = async (
  t: TTestApp,
  platformToken: string,
  agent: { name: string; username: string; mobile: string },
): Promise<{ id: number; inviteCode: string; token: string }> => {
  const res = await t.call(
    routeTables.agent.platformAgentCreate,
    { ...agent, contactName: '代理人', password: agentInitialPassword },
    platformToken,
  );
  if (res.body.code !== 0) throw new Error(`创建代理商失败：${res.body.msg}`);
  const created = res.body.data as { id: number; inviteCode: string };
  const first = await t.login(agent.username, agentInitialPassword);
  const changed = await t.call(
    routeTables.auth.updatePassword,
    { oldPassword: agentInitialPassword, newPassword: agentTestPassword },
    first,
  );
  if (changed.body.code !== 0) throw new Error(`修改初始密码失败：${changed.body.msg}`);
  return { id: created.id, inviteCode: created.inviteCode, token: await t.login(agent.username, agentTestPassword) };
};
