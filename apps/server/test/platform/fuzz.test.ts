// Bad input, through the real HTTP stack (DESIGN.md: "bad input always gets a clear error and
// changes nothing"). Every operation of openapi.json gets requests built from its schemas and then
// broken one way at a time (fuzz-requests.ts), sent once without a session and once as the owner of
// an organization so that organization routes get past their guard. Every answer must be below 500
// and free of stack frames and file paths, every request other than a GET must be refused (4xx),
// and afterwards every table holds the rows it held before and no mail went out.
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startAccountsApp, type AccountsApp } from '../support/accounts';
import { organizationOwner } from '../support/sources';
import { changedTables, snapshotTables } from './db-snapshot';
import { apiOperations, mutatedRequests, type FuzzRequest } from './fuzz-requests';

const OPENAPI = path.join(import.meta.dirname, '../../openapi.json');
/** Signing out without a session is a no-op that answers 204 whatever comes with it. */
const ACCEPTS_ANYTHING = ['POST /api/auth/logout'];
/**
 * Tables that change by design: rate-limit counters (every request may count), and the single-use
 * states that each GET of /auth/{provider}/auth_uri stores (an accepted GET, by construction).
 */
const CHANGING_BY_DESIGN = ['rate_limits', 'oauth_states'];
const CONCURRENCY = 4;
/** FUZZ_TRACE=<file> writes every answer there (status, caller, operation, mutation, body). */
const TRACE = process.env.FUZZ_TRACE;

let t: AccountsApp;
let owner: Awaited<ReturnType<typeof organizationOwner>>;

beforeAll(async () => {
  t = await startAccountsApp();
  owner = await organizationOwner(t, 'fuzz-owner@example.com');
});
afterAll(() => t?.close());

/** Stack frames, source paths: anything that tells a client how the server is built. */
const LEAK = /\n\s+at |\bat [^\s]+ \(|\/(?:work|home|usr|app|src|node_modules)\/|\.[cm]?[jt]s:\d+/;

async function send(request: FuzzRequest, token: string | null) {
  const response = await fetch(`${t.base}${request.url}`, {
    method: request.method,
    headers: { ...request.headers, ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: request.body,
    redirect: 'manual',
  });
  return { status: response.status, text: await response.text() };
}

/** What is wrong with one answer, or null. */
function problem(request: FuzzRequest, as: string, answer: { status: number; text: string }): string | null {
  const what = `${request.operation} [${request.mutation}] as ${as}`;
  if (answer.status >= 500) return `${what}: ${answer.status} ${answer.text.slice(0, 200)}`;
  if (LEAK.test(answer.text)) return `${what}: leaks ${answer.text.slice(0, 300)}`;
  if (answer.status >= 400 && !answer.text.startsWith('{"detail":'))
    return `${what}: ${answer.status} outside the error envelope: ${answer.text.slice(0, 200)}`;
  if (request.method !== 'GET' && answer.status < 400 && !ACCEPTS_ANYTHING.includes(request.operation))
    return `${what}: accepted (${answer.status} ${answer.text.slice(0, 200)})`;
  return null;
}

describe('fuzzing every route from openapi.json', () => {
  it('never answers 500 or a stack trace, refuses every broken request, and changes nothing', async () => {
    const operations = apiOperations(OPENAPI);
    expect(operations.length).toBeGreaterThan(50);
    const before = await snapshotTables(t.app.platform.database.ownerUrl, CHANGING_BY_DESIGN);
    const mailsBefore = t.smtp.messages.length;

    const problems: string[] = [];
    const trace: string[] = [];
    let sent = 0;
    // The rate limits would soon answer 429 before the validation under test is reached.
    const database = new pg.Client({ connectionString: t.app.platform.database.ownerUrl });
    await database.connect();
    for (const operation of operations) {
      const requests = mutatedRequests(operation, { organizationId: owner.organizationId });
      const work = requests.flatMap((request) => [[request, null] as const, [request, owner.token] as const]);
      for (let i = 0; i < work.length; i += CONCURRENCY) {
        const batch = work.slice(i, i + CONCURRENCY);
        await database.query('DELETE FROM rate_limits');
        const answers = await Promise.all(batch.map(([request, token]) => send(request, token)));
        answers.forEach((answer, j) => {
          const [request, token] = batch[j]!;
          const as = token ? 'member' : 'anonymous';
          const { operation, mutation } = request;
          trace.push([answer.status, as, operation, mutation, answer.text.slice(0, 150)].join('\t'));
          const found = problem(request, as, answer);
          if (found) problems.push(found);
        });
        sent += batch.length;
      }
    }

    await database.end();
    if (TRACE) writeFileSync(TRACE, trace.join('\n'));
    expect(sent).toBeGreaterThan(1_000);
    expect(problems).toEqual([]);
    const after = await snapshotTables(t.app.platform.database.ownerUrl, CHANGING_BY_DESIGN);
    expect(changedTables(before, after)).toEqual([]);
    expect(t.smtp.messages.slice(mailsBefore).map((m) => `${m.to}: ${m.subject}`)).toEqual([]);
  }, 300_000);
});
