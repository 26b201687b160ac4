import type { Reporter, TestCase } from 'vitest/node';

/**
 * Names every end-to-end test that failed and then passed on its retry (docs/decisions/0021), at the
 * end of the run and loudly: a retry lets a timing fault of a test not block a landing, it must not
 * hide it.
 */
export default class FlakyReporter implements Reporter {
  private readonly flaky: string[] = [];

  onTestCaseResult(test: TestCase): void {
    if (test.diagnostic()?.flaky) this.flaky.push(`${test.module.moduleId.split('/e2e/').pop()} > ${test.fullName}`);
  }

  onTestRunEnd(): void {
    if (this.flaky.length === 0) return;
    console.log(`\n⚠ ${this.flaky.length} 个端到端测试第一次失败、重试后通过（不稳定，须查明原因）:`);
    for (const name of this.flaky) console.log(`  FLAKY ${name}`);
  }
}
