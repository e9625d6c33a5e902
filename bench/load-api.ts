// `npm run bench:load-api` (issue 31): many users at once. The production build behind a
// "load balancer" (TRUST_PROXY=1, each user's address in X-Forwarded-For), BENCH_USERS (200)
// users in organizations of three (the trial plan's users; BENCH_ORGS), each organization's
// warehouse a copy of one generated -maya table (BENCH_ROWS rows over BENCH_DAYS days,
// bench/report-data.ts). autocannon runs one connection per user for BENCH_DURATION (60) s,
// each at BENCH_USER_RATE requests a second (0.5: a person reading a dashboard, changing
// filters), looping over a session: sign in (their own browser; one session in five),
// organizations, then three times the overview's 11 visuals with filters of their own (date
// range, channels), the report's bookmarks and the 12-second notification poll. Beside it one
// client from one address signs in with a wrong password twice a second: the per-address
// ceiling must answer 429. Goals: no 5xx, p99 < 250 ms, the limit enforced.
import { copyFile, mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { MAYA_REPORT } from '@maya/analytics';
import { addDays, utcDay, type ReportFilter } from '@maya/contracts';
import { must, runBench, startBenchApp, writeResults } from './bench-run';
import { installWarehouse } from './report-api';
import { CHANNELS, generateDuckDb } from './report-data';
import { limited, PAGE, VISUALS } from './report-queries';
import {
  addressOf,
  createOrganization,
  join,
  mailbox,
  PASSWORD,
  send,
  signUpUser,
  type User,
} from './load-users';

const USERS = Number(process.env.BENCH_USERS ?? 200);
/** Organizations of three users: the trial plan's limit (a fourth invitation is refused). */
const ORGS = Number(process.env.BENCH_ORGS ?? Math.ceil(USERS / 3));
const ROWS = Number(process.env.BENCH_ROWS ?? 200_000);
const DAYS = Number(process.env.BENCH_DAYS ?? 365);
const DURATION = Number(process.env.BENCH_DURATION ?? 60);
const USER_RATE = Number(process.env.BENCH_USER_RATE ?? 0.5);
/** A user signs in at the start of one session in this many (about every 7 minutes at 0.5/s). */
const SIGN_IN_EVERY = 5;
const GOAL_P99_MS = 250;
const lastDay = addDays(utcDay(Date.now()), -1);

/** A random choice from a user's own sequence (the run is reproducible per user). */
function chooser(seed: number) {
  let state = seed * 2654435761 + 1;
  return (n: number) => {
    state = (state * 1103515245 + 12345) % 2147483648;
    return state % n;
  };
}

/** The filters a user has set: a 7- to 90-day range ending within the last month, some channels. */
function userFilters(pick: (n: number) => number): { filters: ReportFilter[]; from: string; to: string } {
  const to = addDays(lastDay, -pick(30));
  const from = addDays(to, -(6 + pick(84)));
  const channels = CHANNELS.filter(() => pick(2) === 1);
  const channel: ReportFilter = {
    id: 'channel',
    kind: 'list',
    table: 'performance',
    column: 'channel',
    mode: 'include',
    values: channels,
  };
  return { filters: [channel], from, to };
}

type Context = {
  user?: User;
  index?: number;
  pick?: (n: number) => number;
  filters?: ReturnType<typeof userFilters>;
  sessions?: number;
};

/** One session of a user: the requests autocannon loops over, each connection one user. */
function session(users: User[]): autocannon.Request[] {
  let next = 0;
  const as = (context: Context) => {
    if (!context.user) {
      context.index = next++;
      context.user = must(users[context.index % users.length], 'a user');
      context.pick = chooser(context.index + 1);
    }
    return context.user;
  };
  const headers = (user: User, json = false) => ({
    'x-forwarded-for': user.address,
    authorization: `Bearer ${user.token}`,
    ...(json ? { 'content-type': 'application/json' } : {}),
  });
  // A user signs in once every SIGN_IN_EVERY sessions, users out of step (their index), so
  // that sign-ins are spread as people's are, not 200 argon2 checks in the same second; the
  // other sessions open with the organizations list instead.
  const signIn: autocannon.Request = {
    method: 'POST',
    setupRequest: (request, context: Context) => {
      const user = as(context);
      context.sessions = (context.sessions ?? 0) + 1;
      if ((context.sessions + (context.index ?? 0)) % SIGN_IN_EVERY !== 0)
        return {
          ...request,
          method: 'GET',
          path: '/api/organizations',
          headers: headers(user),
          body: undefined,
        };
      return {
        ...request,
        method: 'POST',
        path: '/api/auth/login',
        headers: { 'x-forwarded-for': user.address, cookie: user.cookie, 'content-type': 'application/json' },
        body: JSON.stringify({ email: user.email, password: PASSWORD }),
      };
    },
    onResponse: (status, body, context: Context) => {
      const token = status === 200 ? (JSON.parse(body) as { access_token?: string }).access_token : undefined;
      if (token && context.user) context.user.token = token;
    },
  };
  const get = (route: (user: User) => string): autocannon.Request => ({
    method: 'GET',
    setupRequest: (request, context: Context) => {
      const user = as(context);
      return { ...request, path: `/api${route(user)}`, headers: headers(user) };
    },
  });
  const visual = (id: string, first: boolean): autocannon.Request => ({
    method: 'POST',
    path: `/api/reports/${MAYA_REPORT.slug}/query`,
    setupRequest: (request, context: Context) => {
      const user = as(context);
      // The first visual of a page view picks the view's filters; the others share them.
      if (first || !context.filters) context.filters = userFilters(must(context.pick, 'the user'));
      const { filters, from, to } = context.filters;
      return {
        ...request,
        headers: headers(user, true),
        body: JSON.stringify({
          organization_id: user.organizationId,
          report: MAYA_REPORT.slug,
          page: PAGE,
          visual_id: id,
          filters,
          date_range: { from, to },
          sort: null,
        }),
      };
    },
  });
  const pageView = VISUALS.map((v, i) => visual(v.id, i === 0));
  const poll = get(
    (u) =>
      `/notifications/refresh?organization_id=${u.organizationId}&date=${new Date(Date.now() - 12_000).toISOString()}`,
  );
  const bookmarks = get(
    (u) => `/bookmarks?organization_id=${u.organizationId}&report_slug=${MAYA_REPORT.slug}`,
  );
  const organizations = get(() => '/organizations');
  return [signIn, organizations, ...[1, 2, 3].flatMap(() => [...pageView, bookmarks, poll])];
}

/** One address signing in with a wrong password twice a second: what the ceiling answers. */
function overLimitClient(baseUrl: string, stop: AbortSignal) {
  const statuses = new Map<number, number>();
  const done = (async () => {
    while (!stop.aborted) {
      const answer = await send(baseUrl, 'POST', '/auth/login', {
        body: { email: 'guesser@example.com', password: 'wrong password' },
        address: '192.0.2.66',
      }).catch(() => ({ status: 0 }));
      statuses.set(answer.status, (statuses.get(answer.status) ?? 0) + 1);
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
  })();
  return async () => {
    await done;
    return statuses;
  };
}

/**
 * Each kind of request of the session, sent once by one user before the run: all must answer
 * 2xx, so that a route that moved fails the bench instead of being timed as a fast 404.
 */
async function probe(baseUrl: string, user: User): Promise<void> {
  const { organizationId, token, address } = user;
  const visual = must(VISUALS[0], 'a visual');
  const to = lastDay;
  const checks: [string, string, unknown][] = [
    ['GET', '/organizations', undefined],
    ['GET', `/bookmarks?organization_id=${organizationId}&report_slug=${MAYA_REPORT.slug}`, undefined],
    [
      'GET',
      `/notifications/refresh?organization_id=${organizationId}&date=${new Date().toISOString()}`,
      undefined,
    ],
    [
      'POST',
      `/reports/${MAYA_REPORT.slug}/query`,
      {
        organization_id: organizationId,
        report: MAYA_REPORT.slug,
        page: PAGE,
        visual_id: visual.id,
        filters: [],
        date_range: { from: addDays(to, -6), to },
        sort: null,
      },
    ],
  ];
  for (const [method, route, body] of checks) {
    const answer = await send(baseUrl, method, route, { body, token, address });
    if (answer.status < 200 || answer.status >= 300)
      throw new Error(`probe ${method} ${route}: ${answer.status} ${JSON.stringify(answer.body)}`);
  }
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;
}

const folder = await mkdtemp(path.join(os.tmpdir(), 'maya-bench-load-api-'));
await runBench(
  async (use) => {
    const template = path.join(folder, 'template.duckdb');
    console.log(`generating ${ROWS.toLocaleString('en-US')} rows over ${DAYS} days`);
    await generateDuckDb(template, ROWS, DAYS, lastDay);
    console.log('building and starting the production build');
    const app = use(await startBenchApp('maya-bench-load-api'));
    const baseUrl = `http://127.0.0.1:${app.port}`;
    const linkFor = mailbox(app.dataDir);
    const setupStart = performance.now();
    console.log(`signing up ${USERS} users in ${ORGS} organizations`);
    const people = await limited(
      Array.from(
        { length: USERS },
        (_, i) => () => signUpUser(baseUrl, linkFor, `load.${i}.${Date.now()}@acme.example`, addressOf(i)),
      ),
      4,
    );
    const users: User[] = [];
    const organizations: string[] = [];
    for (let o = 0; o < ORGS; o++) {
      const owner = must(people[o], 'an owner');
      const organization = await createOrganization(baseUrl, owner, `Load ${o}`);
      organizations.push(organization.id);
      users.push({ ...owner, organizationId: organization.id });
      const members = people.filter((_, i) => i >= ORGS && i % ORGS === o);
      await limited(
        members.map((member) => async () => {
          await join(baseUrl, { ...owner, organizationId: organization.id }, organization, member);
          users.push({ ...member, organizationId: organization.id });
        }),
        4,
      );
    }
    // All at once: each waits until the app has let go of the file it provisioned.
    await Promise.all(
      organizations.map(async (id, o) => {
        const copy = path.join(folder, `org-${o}.duckdb`);
        await copyFile(template, copy);
        await installWarehouse(app.dataDir, id, copy);
      }),
    );
    console.log(`set up in ${((performance.now() - setupStart) / 1000).toFixed(1)} s`);
    await probe(baseUrl, must(users[users.length - 1], 'a user'));

    const loadBefore = os.loadavg();
    console.log(`load average ${loadBefore.map((l) => l.toFixed(1)).join(' / ')}`);
    const stop = new AbortController();
    const overLimit = overLimitClient(baseUrl, stop.signal);
    const latencies: number[] = [];
    const statuses = new Map<number, number>();
    const instance = autocannon({
      url: baseUrl,
      connections: users.length,
      duration: DURATION,
      overallRate: Math.max(1, Math.round(users.length * USER_RATE)),
      timeout: 30,
      requests: session(users),
    });
    instance.on('response', (_client, status: number, _bytes: number, ms: number) => {
      latencies.push(ms);
      statuses.set(status, (statuses.get(status) ?? 0) + 1);
    });
    const result = await instance;
    stop.abort();
    const limited429 = await overLimit();
    const loadAfter = os.loadavg();

    latencies.sort((a, b) => a - b);
    const count = (test: (status: number) => boolean) =>
      [...statuses.entries()].filter(([s]) => test(s)).reduce((sum, [, n]) => sum + n, 0);
    const server = count((s) => s >= 500);
    const client = count((s) => s >= 400 && s < 500);
    const p = (q: number) => percentile(latencies, q);
    const throughput = latencies.length / DURATION;
    console.log(
      `\n${users.length} users, ${USER_RATE} request/s each, ${DURATION} s; statuses ${JSON.stringify(Object.fromEntries(statuses))}`,
    );
    console.table([
      { measure: 'requests/s', value: throughput.toFixed(1), goal: '', result: '' },
      { measure: 'p50', value: `${p(50).toFixed(0)} ms`, goal: '', result: '' },
      { measure: 'p95', value: `${p(95).toFixed(0)} ms`, goal: '', result: '' },
      {
        measure: 'p99',
        value: `${p(99).toFixed(0)} ms`,
        goal: `< ${GOAL_P99_MS} ms`,
        result: p(99) < GOAL_P99_MS ? 'met' : 'MISS',
      },
      { measure: '5xx', value: server, goal: '0', result: server === 0 ? 'met' : 'MISS' },
      { measure: '4xx (users)', value: client, goal: '', result: '' },
      {
        measure: 'errors, timeouts',
        value: `${result.errors}, ${result.timeouts}`,
        goal: '0',
        result: result.errors + result.timeouts === 0 ? 'met' : 'MISS',
      },
      {
        measure: 'over-limit client: 429 of its sign-ins',
        value: `${limited429.get(429) ?? 0} of ${[...limited429.values()].reduce((a, b) => a + b, 0)}`,
        goal: '> 0',
        result: (limited429.get(429) ?? 0) > 0 ? 'met' : 'MISS',
      },
    ]);
    console.log(
      `load average before ${loadBefore.map((l) => l.toFixed(1)).join(' / ')}, after ${loadAfter.map((l) => l.toFixed(1)).join(' / ')}`,
    );
    await writeResults('load-api', {
      when: new Date().toISOString(),
      users: users.length,
      organizations: ORGS,
      rows: ROWS,
      duration: DURATION,
      userRate: USER_RATE,
      loadBefore,
      loadAfter,
      throughput,
      p50: p(50),
      p95: p(95),
      p99: p(99),
      statuses: Object.fromEntries(statuses),
      errors: result.errors,
      timeouts: result.timeouts,
      overLimit: Object.fromEntries(limited429),
    });
    return server === 0 && result.errors === 0;
  },
  () => rm(folder, { recursive: true, force: true }),
);
