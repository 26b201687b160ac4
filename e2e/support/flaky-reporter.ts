import type { Reporter, TestCase } from 'vitest/node';

/** What a failed first attempt said: its message's first line and where in the journey it stopped. */
const firstAttemptOf = (test: TestCase): string => {
  const error = test.result().errors?.[0];
  if (!error) return '';
  const message = (error.message ?? '').split('\n')[0]?.slice(0, 300) ?? '';
  const at =
    (error.stack ?? '')
      .split('\n')
      .find((line) => line.includes('.e2e.ts'))
      ?.trim() ?? '';
  return at ? `${message} (${at})` : message;
};

/**
 * Names every end-to-end test that failed and then passed on its retry (docs/decisions/0021), at the
 * end of the run and loudly, with what its first attempt said: a retry lets a timing fault of a test
 * not block a landing, it must not hide it.
 */
export default class FlakyReporter implements Reporter {
  private readonly flaky: string[] = [];

  onTestCaseResult(test: TestCase): void {
    if (!test.diagnostic()?.flaky) return;
    const name = `${test.module.moduleId.split('/e2e/').pop()} > ${test.fullName}`;
    const said = firstAttemptOf(test);
    this.flaky.push(said ? `${name}\n    第一次：${said}` : name);
  }

  onTestRunEnd(): void {
    if (this.flaky.length === 0) return;
    console.log(`\n⚠ ${this.flaky.length} 个端到端测试第一次失败、重试后通过（不稳定，须查明原因）:`);
    for (const name of this.flaky) console.log(`  FLAKY ${name}`);
  }
}
