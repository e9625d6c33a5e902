// `npm run bench:report-crowd` (issue 31): twenty users open different filtered -maya pages at
// once over 10 million rows. The rows are bench:report's (bench/report-data.ts, BENCH_ROWS over
// BENCH_DAYS days), put in place of one organization's managed warehouse; BENCH_CROWD (20)
// browsers of its three members (the trial plan's users, signed up and joined through the API),
// each with six keep-alive connections and an address of its own (TRUST_PROXY=1). In each of BENCH_ROUNDS
// (3) rounds every user opens one page (overview, channels or campaigns, in turn) with filters
// no one asked before (a date range and a set of channels of their own: every visual a cache
// miss), all users at the same moment; a page's time is from its first request to its last
// answer. Goal: p95 of the pages under 500 ms.
import { mkdtemp, rm } from 'node:fs/promises';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { MAYA_REPORT } from '@maya/analytics';
import { addDays, utcDay, type ReportFilter } from '@maya/contracts';
import { must, runBench, startBenchApp, writeResults } from './bench-run';
import { installWarehouse } from './report-api';
import { CHANNELS, generateDuckDb } from './report-data';
import { BROWSER_CONNECTIONS, limited, median } from './report-queries';
import { addressOf, createOrganization, join, mailbox, signUpUser, type User } from './load-users';

const ROWS = Number(process.env.BENCH_ROWS ?? 10_000_000);
const DAYS = Number(process.env.BENCH_DAYS ?? 1461);
const CROWD = Number(process.env.BENCH_CROWD ?? 20);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
/** The organization's members: the trial plan's three users. */
const MEMBERS = 3;
const GOAL_P95_MS = 500;
const lastDay = addDays(utcDay(Date.now()), -1);

const PAGES = MAYA_REPORT.pages.map((page) => ({
  name: page.name,
  visuals: page.visuals.filter((v) => v.kind !== 'slicer').map((v) => v.id),
}));

/** User `u`'s filters in round `r`: a range of 14 to 120 days, channels of their own; never repeated. */
function filtersOf(u: number, r: number): { filters: ReportFilter[]; from: string; to: string } {
  const k = r * CROWD + u;
  const to = addDays(lastDay, -(k % 200));
  const from = addDays(to, -(13 + ((k * 37) % 107)));
  const values = CHANNELS.filter((_, i) => ((k + 1) >> i) % 2 === 1 || (k + i) % 3 === 0);
  return {
    filters: [
      { id: 'channel', kind: 'list', table: 'performance', column: 'channel', mode: 'include', values },
    ],
    from,
    to,
  };
}

/** A browser: six keep-alive connections of its own, JSON in and out. */
function browser(baseUrl: string, user: User) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: BROWSER_CONNECTIONS });
  const post = (route: string, body: unknown) =>
    new Promise<number>((resolve, reject) => {
      const payload = JSON.stringify(body);
      const request = http.request(
        `${baseUrl}/api${route}`,
        {
          method: 'POST',
          agent,
          headers: {
            'content-type': 'application/json',
            'content-length': Buffer.byteLength(payload),
            authorization: `Bearer ${user.token}`,
            'x-forwarded-for': user.address,
          },
        },
        (response) => {
          response.resume();
          response.on('end', () => resolve(response.statusCode ?? 0));
          response.on('error', reject);
        },
      );
      request.on('error', reject);
      request.end(payload);
    });
  return { post, close: () => agent.destroy() };
}

const folder = await mkdtemp(path.join(os.tmpdir(), 'maya-bench-report-crowd-'));
await runBench(
  async (use) => {
    const file = path.join(folder, 'warehouse.duckdb');
    console.log(`generating ${ROWS.toLocaleString('en-US')} rows over ${DAYS} days`);
    const generating = performance.now();
    await generateDuckDb(file, ROWS, DAYS, lastDay);
    console.log(
      `generated in ${((performance.now() - generating) / 1000).toFixed(0)} s; starting the production build`,
    );
    const app = use(await startBenchApp('maya-bench-report-crowd'));
    const baseUrl = `http://127.0.0.1:${app.port}`;
    const linkFor = mailbox(app.dataDir);
    // The trial plan allows three users: the crowd is twenty browsers of its three members (a
    // person signs in from several devices); the server keeps nothing per browser but its session.
    const members = await limited(
      Array.from(
        { length: MEMBERS },
        (_, i) => () => signUpUser(baseUrl, linkFor, `crowd.${i}.${Date.now()}@acme.example`, addressOf(i)),
      ),
      3,
    );
    const organization = await createOrganization(baseUrl, must(members[0], 'the owner'), 'Crowd');
    await installWarehouse(app.dataDir, organization.id, file);
    const owner: User = { ...must(members[0], 'the owner'), organizationId: organization.id };
    for (const member of members.slice(1)) await join(baseUrl, owner, organization, member);
    const users = Array.from({ length: CROWD }, (_, i) => ({
      ...must(members[i % MEMBERS], 'a member'),
      organizationId: organization.id,
    }));
    const browsers = users.map((u) => browser(baseUrl, u));

    // The first page after the start opens the file and finds its last day: not a crowd's measure.
    const warm = must(PAGES[0], 'a page');
    for (const id of warm.visuals) {
      await must(browsers[0], 'a browser').post(`/reports/${MAYA_REPORT.slug}/query`, {
        organization_id: organization.id,
        report: MAYA_REPORT.slug,
        page: warm.name,
        visual_id: id,
        filters: MAYA_REPORT.filters,
        date_range: null,
        sort: null,
      });
    }

    const pages: { round: number; user: number; page: string; ms: number; statuses: number[] }[] = [];
    const loads: number[][] = [];
    for (let round = 0; round < ROUNDS; round++) {
      loads.push(os.loadavg());
      const opened = await Promise.all(
        browsers.map(async (b, u) => {
          const page = must(PAGES[(u + round) % PAGES.length], 'a page');
          const { filters, from, to } = filtersOf(u, round);
          const started = performance.now();
          const statuses = await limited(
            page.visuals.map(
              (id) => () =>
                b.post(`/reports/${MAYA_REPORT.slug}/query`, {
                  organization_id: organization.id,
                  report: MAYA_REPORT.slug,
                  page: page.name,
                  visual_id: id,
                  filters,
                  date_range: { from, to },
                  sort: null,
                }),
            ),
            BROWSER_CONNECTIONS,
          );
          return { round, user: u, page: page.name, ms: performance.now() - started, statuses };
        }),
      );
      pages.push(...opened);
      const ms = opened.map((p) => p.ms).sort((a, b) => a - b);
      console.log(
        `round ${round + 1}: ${CROWD} pages at once, p50 ${median(ms).toFixed(0)} ms, slowest ${(ms.at(-1) ?? NaN).toFixed(0)} ms (load ${os.loadavg()[0]?.toFixed(1)})`,
      );
      await new Promise((resolve) => setTimeout(resolve, 2000));
    }
    for (const b of browsers) b.close();

    const all = pages.map((p) => p.ms).sort((a, b) => a - b);
    const p95 = all[Math.min(all.length - 1, Math.floor(0.95 * all.length))] ?? NaN;
    const bad = pages.flatMap((p) => p.statuses).filter((s) => s !== 200).length;
    const byPage = PAGES.map((page) => {
      const ms = pages.filter((p) => p.page === page.name).map((p) => p.ms);
      return {
        page: page.name,
        visuals: page.visuals.length,
        pages: ms.length,
        'p50 ms': median(ms).toFixed(0),
      };
    });
    console.table(byPage);
    console.table([
      {
        measure: `page, ${CROWD} users at once, p50`,
        value: `${median(all).toFixed(0)} ms`,
        goal: '',
        result: '',
      },
      {
        measure: `page, ${CROWD} users at once, p95`,
        value: `${p95.toFixed(0)} ms`,
        goal: `< ${GOAL_P95_MS} ms`,
        result: p95 < GOAL_P95_MS ? 'met' : 'MISS',
      },
      { measure: 'answers other than 200', value: bad, goal: '0', result: bad === 0 ? 'met' : 'MISS' },
    ]);
    console.log(`load average per round: ${loads.map((l) => l[0]?.toFixed(1)).join(', ')}`);
    await writeResults('report-crowd', {
      when: new Date().toISOString(),
      rows: ROWS,
      crowd: CROWD,
      loads,
      p95,
      pages,
    });
    return bad === 0;
  },
  () => rm(folder, { recursive: true, force: true }),
);
