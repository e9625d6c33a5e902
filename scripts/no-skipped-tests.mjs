// Vitest reporter: under CI=true a skipped test fails the run. A suite that skips itself when a
// service is missing (a database not answering, a binary not installed) would otherwise keep CI
// green while testing nothing; on CI every suite runs. Locally skips are only listed.
// `-t <pattern>` runs deliberately skip the rest, so they are left alone.

/** @implements {import('vitest/node').Reporter} */
// eslint-disable-next-line no-restricted-syntax -- Vitest loads a reporter by path through its default export
export default class NoSkippedTests {
  /** @type {import('vitest/node').Vitest | null} */
  vitest = null;

  /** @param {import('vitest/node').Vitest} vitest */
  onInit(vitest) {
    this.vitest = vitest;
  }

  /** @param {ReadonlyArray<import('vitest/node').TestModule>} testModules */
  onTestRunEnd(testModules) {
    if (this.vitest?.config.testNamePattern) return;
    const skipped = testModules.flatMap((module) =>
      [...module.children.allTests()]
        .filter((test) => test.result().state === 'skipped')
        .map((test) => `${module.moduleId}: ${test.fullName}`),
    );
    if (skipped.length === 0) return;
    const ci = process.env.CI === 'true' || process.env.CI === '1';
    console.error(
      `\n${skipped.length} test(s) skipped${ci ? ': CI runs every test, so the run fails' : ''}:\n` +
        skipped.map((name) => `  - ${name}`).join('\n'),
    );
    if (ci) process.exitCode = 1;
  }
}
