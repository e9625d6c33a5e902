import { afterAll, describe, expect, test } from 'vitest';
import { createVerifiedUser, uniqueEmail } from '../support/api';
import { processesUsing, startApp, type RunningApp } from '../support/app-process.mjs';

/** The shutdown's own deadline (issue 25): Ctrl-C leaves nothing running within 5 s. */
const SHUTDOWN_DEADLINE_MS = 5_000;

type Account = { service: string; sync_status: string };

/**
 * Ctrl-C while the demo organization's data is loading: `npm start`'s process (the built app,
 * its own embedded PostgreSQL and DATA_DIR) cancels the running loads, which resume on the next
 * start, and exits in order, leaving no process behind.
 */
describe('Ctrl-C during the demo data load', () => {
  let app: RunningApp | null = null;
  afterAll(() => app?.stop());

  test('stops the app and its database within 5 seconds', async () => {
    app = await startApp({ label: 'maya-shutdown', env: { SIGNUP_LIMIT_PER_HOUR: '1000' } });
    const token = await createVerifiedUser(app.url, uniqueEmail('shutdown'));
    await loadUnderWay(app.url, token);

    const pid = app.pid ?? 0;
    process.kill(pid, 'SIGINT');
    let deadline: NodeJS.Timeout | undefined;
    const exit = await Promise.race([
      app.exited,
      new Promise<null>((resolve) => (deadline = setTimeout(resolve, SHUTDOWN_DEADLINE_MS, null))),
    ]);
    clearTimeout(deadline);
    expect(exit, `still running ${SHUTDOWN_DEADLINE_MS} ms after SIGINT\n${app.describeOutput()}`).toEqual({
      code: 0,
      signal: null,
    });
    // The embedded PostgreSQL was stopped by the app before it exited, not left to die after it.
    expect(await processesUsing(app.dataDir)).toEqual([]);
  });
});

/** Waits until one of the demo organization's accounts is loading (its first load running). */
async function loadUnderWay(baseUrl: string, token: string): Promise<void> {
  const get = async <T>(path: string) => {
    const response = await fetch(`${baseUrl}/api${path}`, { headers: { authorization: `Bearer ${token}` } });
    expect(response.status, path).toBe(200);
    return (await response.json()) as T;
  };
  const { organizations } = await get<{ organizations: { id: string; is_demo: boolean }[] }>(
    '/organizations',
  );
  const demo = organizations.find((o) => o.is_demo);
  if (!demo) throw new Error('no demo organization in GET /organizations');
  for (;;) {
    const { service_accounts: accounts } = await get<{ service_accounts: Account[] }>(
      `/service_accounts?organization_id=${demo.id}`,
    );
    if (accounts.some((a) => a.sync_status === 'running')) return;
    if (accounts.length > 0 && accounts.every((a) => a.sync_status === 'finished')) {
      throw new Error(`every demo load finished before one was seen running: ${JSON.stringify(accounts)}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100)); // polling the API, not timing anything
  }
}
