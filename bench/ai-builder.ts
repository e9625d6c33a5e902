// `npm run bench:ai-builder`: the AI Builder's built-in parser through the HTTP API of the app, on
// the demo organization (its sandbox data loaded as at any start), over the prompts of
// bench/ai-builder-prompts.ts. Each answer is compared with the expected outcome (page, period as
// days, values by column, sorted visual, or a refusal or a question back) and the share exactly
// right is printed. BENCH_BASE_URL runs against an app already running (its demo loaded) instead.
import { randomBytes } from 'node:crypto';
import { buildApp, startApp, type RunningApp } from '@maya/e2e/app-process';
import { createVerifiedUser, uniqueEmail, waitForDemoData } from '@maya/e2e/api';
import { judge, type Answer } from './ai-builder-judge';
import { BENCH_PROMPTS, type BenchPrompt } from './ai-builder-prompts';

const GOAL = 0.9;
const DEMO_TIMEOUT_MS = 300_000;

async function ask(baseUrl: string, token: string, organizationId: string, p: BenchPrompt): Promise<Answer> {
  const response = await fetch(`${baseUrl}/api/reports/${p.report}/generate-bookmark`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify({ organization_id: organizationId, prompt: p.prompt }),
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

async function main(): Promise<void> {
  let app: RunningApp | null = null;
  try {
    let baseUrl = process.env.BENCH_BASE_URL ?? '';
    if (baseUrl === '') {
      console.log('building and starting the app (development: the demo loads from the sandbox)');
      await buildApp();
      app = await startApp({
        label: 'maya-bench-ai-builder',
        env: { SECRET_KEY: randomBytes(36).toString('base64url'), LOG_LEVEL: 'warn' },
      });
      baseUrl = `http://127.0.0.1:${app.port}`;
    }
    const token = await createVerifiedUser(baseUrl, uniqueEmail('bench.ai'));
    console.log('waiting for the demo organization’s first loads');
    const demo = await waitForDemoData(baseUrl, token, DEMO_TIMEOUT_MS);
    let right = 0;
    const misses: string[] = [];
    for (const p of BENCH_PROMPTS) {
      const problem = judge(p.expect, await ask(baseUrl, token, demo.id, p));
      if (problem === null) right += 1;
      else misses.push(`  ✗ ${p.report} “${p.prompt}”: ${problem}`);
    }
    const share = right / BENCH_PROMPTS.length;
    if (misses.length > 0) console.log(`\nmisses:\n${misses.join('\n')}`);
    console.log(
      `\nexactly right: ${right} of ${BENCH_PROMPTS.length} prompts, ${(100 * share).toFixed(1)} % ` +
        `(goal ≥ ${100 * GOAL} %: ${share >= GOAL ? 'MET' : 'MISS'})`,
    );
  } finally {
    await app?.stop();
  }
}

await main();
