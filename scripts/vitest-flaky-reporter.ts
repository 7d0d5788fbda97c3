/**
 * A Vitest reporter that writes the tests that passed only after a retry to
 * the file named by VITEST_FLAKY_FILE. Vitest's JSON report does not say how
 * often a test was tried, and a test can still ask for retries of its own
 * (`it(name, { retry: 3 }, ...)`) although the configuration allows none.
 */
import { writeFileSync } from "node:fs";
import path from "node:path";
import type { Reporter, TestCase } from "vitest/node";

export default class FlakyReporter implements Reporter {
  private flaky: string[] = [];

  onTestCaseResult(test: TestCase) {
    const diagnostic = test.diagnostic();
    if (diagnostic?.flaky) {
      const file = path.relative(process.cwd(), test.module.moduleId);
      this.flaky.push(`${file} > ${test.fullName} (passed on try ${diagnostic.retryCount + 1})`);
    }
  }

  onTestRunEnd() {
    const file = process.env.VITEST_FLAKY_FILE;
    if (file) writeFileSync(file, JSON.stringify(this.flaky));
  }
}
