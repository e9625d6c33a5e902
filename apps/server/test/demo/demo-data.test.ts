// The demo organization's data, in the app as `npm start` runs it in development: two processes
// on one database queue one pass that connects the sandbox's accounts to the demo organization,
// the ETL loads them, and a verified user who is a member of nothing reads them through the
// reports API. A restart connects nothing again; nobody but the product changes the demo
// organization's sources. Later passes (a fresh consent, a day-old load) are in
// demo-passes.ts, run here on the data this file loaded. The app: demo-app.ts.
import {
  DEMO_REPORT,
  MARKETING_SEMANTIC_MODEL,
  MAYA_REPORT,
  effectiveFilters,
  runVisualQuery,
} from '@maya/analytics';
import { duckDbFileFor, openDuckDbWarehouse } from '@maya/warehouse';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_SOURCES } from '../../src/modules/demo';
import { call, freePort, verifiedUser } from '../support/accounts';
import { ownerQuery } from '../support/sources';
import {
  CHANNELS,
  LOAD_TIMEOUT_MS,
  demo,
  demoAccounts,
  endedPasses,
  passAfter,
  settled,
  setUpDemoApps,
  sleep,
  spendByChannel,
  startApp,
  tearDownDemoApps,
} from './demo-app';
import { laterPasses } from './demo-passes';

beforeAll(setUpDemoApps);
afterAll(tearDownDemoApps);

describe('the demo organization', () => {
  it(
    'gets the sandbox accounts once from two processes, loaded by the ETL',
    async () => {
      const started = performance.now();
      // A process that serves no jobs queues the demo pass first; the worker's own is not queued.
      const other = await startApp({ RUN_WORKER: 'false', PORT: String(await freePort()) }, false);
      demo.t = await startApp();
      demo.visitor = await verifiedUser(demo.t, 'visitor@example.com');
      const organizations = await call(demo.t.base, 'GET', '/organizations', { token: demo.visitor.token });
      const listed = organizations.body.organizations as { id: string; is_demo: boolean; role: string }[];
      const listedDemo = listed.find((o) => o.is_demo);
      expect(listedDemo).toMatchObject({ role: 'member' });
      demo.id = listedDemo!.id;

      // A user who is a member of nothing reads the demo's reports: no data yet, then every channel.
      for (;;) {
        const answer = await spendByChannel();
        if (answer.status === 200) {
          const channels = (answer.body.rows as { channel: string }[]).map((r) => r.channel);
          if (CHANNELS.every((c) => channels.includes(c))) break;
        } else {
          expect(answer.body.detail.type).toBe('workspace_not_setup');
        }
        expect(performance.now() - started).toBeLessThan(LOAD_TIMEOUT_MS);
        await sleep(250);
      }
      console.info(
        `demo data: every channel queryable ${Math.round(performance.now() - started)} ms after the start`,
      );

      const accounts = await settled(LOAD_TIMEOUT_MS);
      console.info(
        `demo data: every account loaded ${Math.round(performance.now() - started)} ms after the start`,
      );
      expect(accounts.filter((a) => a.sync_status !== 'finished')).toEqual([]);
      for (const source of DEMO_SOURCES) {
        const connected = accounts.filter((a) => a.service === source.serviceId).map((a) => a.identifier);
        expect(connected, source.serviceId).toEqual([...source.identifiers]);
      }
      // One pass at a time, though both processes queued one. A second pass may follow the first
      // (queued by the other process once the first had finished, or by the hourly schedule when
      // the test spans minute 40); it finds nothing to do, as the accounts above show.
      const passes = await endedPasses();
      expect(passes.length).toBeGreaterThanOrEqual(1);
      expect(passes.map((j) => j.state)).toEqual(passes.map(() => 'completed'));
      const spans = passes
        .map((j) => ({ started: j.startedOn.getTime(), completed: j.completedOn?.getTime() ?? Infinity }))
        .sort((a, b) => a.started - b.started);
      for (const [i, span] of spans.entries()) {
        if (i > 0) expect(span.started).toBeGreaterThanOrEqual(spans[i - 1]!.completed);
      }
      // The credentials are sealed, one set per service, created by nobody.
      const credentials = await ownerQuery<{ service_id: string; created_by: string | null; sealed: string }>(
        demo.t,
        demo.id,
        'SELECT service_id, created_by, sealed FROM source_credentials ORDER BY service_id',
        [],
      );
      expect(credentials.map((c) => c.service_id)).toEqual(DEMO_SOURCES.map((s) => s.serviceId).sort());
      expect(credentials.every((c) => c.created_by === null && !c.sealed.includes('sandbox.'))).toBe(true);
      await other.close();
    },
    2 * LOAD_TIMEOUT_MS,
  );

  it('opens -maya to everyone as a member, with rows of several channels', async () => {
    const report = await call(demo.t.base, 'GET', `/reports/-maya?organization_id=${demo.id}`, {
      token: demo.visitor.token,
    });
    expect(report.status, JSON.stringify(report.body)).toBe(200);
    expect(report.body.report).toMatchObject({ slug: '-maya', access_level: 'View' });
    expect(report.body.data_through).toMatch(/^\d{4}-\d{2}-\d{2}$/);

    const answer = await spendByChannel();
    expect(answer.status).toBe(200);
    const rows = answer.body.rows as { channel: string; spend: number }[];
    expect(rows.map((r) => r.channel).sort()).toEqual(CHANNELS);
    expect(rows.every((r) => r.spend > 0)).toBe(true);

    // Filtered by one channel, as the journey does: only that channel's campaigns.
    const channel = MAYA_REPORT.filters.find((f) => f.id === 'channel')!;
    const campaigns = await call(demo.t.base, 'POST', '/reports/-maya/query', {
      token: demo.visitor.token,
      body: {
        organization_id: demo.id,
        report: '-maya',
        page: 'overview',
        visual_id: 'campaigns',
        filters: [MAYA_REPORT.filters[0], { ...channel, values: ['Meta Ads'] }],
        date_range: null,
        sort: null,
      },
    });
    expect(campaigns.status).toBe(200);
    const listed = campaigns.body.rows as { channel: string }[];
    expect(listed.length).toBeGreaterThan(0);
    expect(new Set(listed.map((r) => r.channel))).toEqual(new Set(['Meta Ads']));
  });

  it('answers every visual of the Demo report from the demo data, Spend by all its channels', async () => {
    const warehouse = await openDuckDbWarehouse({ file: duckDbFileFor(demo.t.config.dataDir, demo.id) });
    try {
      for (const page of DEMO_REPORT.pages) {
        for (const visual of page.visuals) {
          const answer = await runVisualQuery(warehouse, MARKETING_SEMANTIC_MODEL, visual, {
            filters: effectiveFilters(DEMO_REPORT, page, null),
            dateRange: null,
            sort: null,
            now: new Date(),
            timeoutMs: 30_000,
          });
          expect(answer.rows.length, `${page.name}/${visual.id}`).toBeGreaterThan(0);
          if (visual.id === 'spend-by-channel-over-time') {
            expect(new Set(answer.rows.map((r) => r.channel))).toEqual(new Set(CHANNELS));
          }
        }
      }
    } finally {
      await warehouse.close();
    }
  });

  it('lets nobody change its sources or load it', async () => {
    const [account] = await demoAccounts();
    const org = `organization_id=${demo.id}`;
    const refused = [
      await call(demo.t.base, 'DELETE', `/service_accounts?${org}&uuid=${account!.uuid}`, {
        token: demo.visitor.token,
      }),
      await call(demo.t.base, 'POST', '/services/google_ads/oauth/start', {
        token: demo.visitor.token,
        body: { serviceUuid: '6f1d2c1e-3b7a-4c55-9a1e-0b6f6f2a4d01', organization_id: demo.id },
      }),
      await call(demo.t.base, 'POST', '/service_accounts', {
        token: demo.visitor.token,
        body: { organization_id: demo.id, credentialsId: account!.uuid, accounts: [account!.identifier] },
      }),
    ];
    expect(refused.map((r): unknown[] => [r.status, r.body.detail.type])).toEqual([
      [403, 'account_limit_reached'],
      [403, 'account_limit_reached'],
      [403, 'account_limit_reached'],
    ]);
    const trigger = await call(demo.t.base, 'POST', '/etl/trigger', {
      token: demo.visitor.token,
      body: { organization_id: demo.id },
    });
    expect([trigger.status, trigger.body.detail.type]).toEqual([403, 'etl_disabled']);
    expect((await demoAccounts()).map((a) => a.uuid)).toContain(account!.uuid);
  });

  it('connects nothing again when the app restarts with the data fresh', async () => {
    const before = await demoAccounts();
    const credentials = () =>
      ownerQuery<{ id: string }>(demo.t, demo.id, 'SELECT id FROM source_credentials ORDER BY id', []);
    const sealedBefore = await credentials();
    await demo.t.close();
    const restarted = new Date();
    demo.t = await startApp();
    expect(await passAfter(restarted)).toBe('completed');
    expect(await demoAccounts()).toEqual(before);
    expect(await credentials()).toEqual(sealedBefore);
  }, 120_000);

  laterPasses();
});
