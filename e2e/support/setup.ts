import { afterEach } from 'vitest';
import { describeScreens } from './failure-report.js';

// A setup file runs again before every test file (the files share one module graph, so a hook
// registered by an imported module would reach only the first file).
afterEach(async (ctx) => {
  if (ctx.task.result?.state !== 'fail') return;
  const lines = await describeScreens();
  if (lines.length > 0) console.log(`失败时各页面的状态 (${ctx.task.name}):\n${lines.join('\n')}`);
});
