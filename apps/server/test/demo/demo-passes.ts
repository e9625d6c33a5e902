// The demo data's later passes, after demo-data.test.ts loaded it: a load a restart left without
// its grant gets a fresh consent, and a day later the accounts are connected and loaded again,
// with nothing changed when the provider refuses or cannot be asked. Registered inside that
// file's suite (its app and data are these tests' starting point), not a test file of its own.
import { describe, expect, it } from 'vitest';
import { createBillingModule } from '../../src/modules/billing';
import { createDemoService, DEMO_REFRESH_AFTER_MS, DEMO_SOURCES } from '../../src/modules/demo';
import { createOrganizationsModule } from '../../src/modules/organizations';
import { createSourcesModule } from '../../src/modules/sources';
import { createUsersService } from '../../src/modules/users';
import { ownerQuery } from '../support/sources';
import { LOAD_TIMEOUT_MS, demo, demoAccounts, sleep } from './demo-app';

export function laterPasses(): void {
  describe('a later pass', () => {
    const plan = DEMO_SOURCES.filter((s) => s.serviceId === 'facebook_ads');
    const signal = () => new AbortController().signal;
    const meta = async () => (await demoAccounts()).filter((a) => a.service === 'facebook_ads');
    const demoService = (over: { now?: () => Date; appUrl?: string } = {}) => {
      const { platform } = demo.t.app;
      const users = createUsersService(platform);
      const organizations = createOrganizationsModule(platform, { users }).service;
      const billing = createBillingModule(platform, {
        organizationCreatedAt: async (id) => (await organizations.findById(id))?.createdAt ?? null,
        marketplacePlan: async () => null,
      }).service;
      const sources = createSourcesModule(platform, { billing }).service;
      const config = { ...platform.config, appUrl: over.appUrl ?? platform.config.appUrl };
      return createDemoService({ config, organizations, sources, plan, now: over.now });
    };
    const setStatus = (status: string) =>
      ownerQuery(
        demo.t,
        demo.id,
        `UPDATE service_accounts SET sync_status = $1 WHERE service_id = 'facebook_ads'`,
        [status],
      );

    /** Waits until the accounts' new load has finished after `since`. */
    async function reloaded(since: string) {
      const deadline = Date.now() + LOAD_TIMEOUT_MS;
      for (;;) {
        const accounts = await meta();
        if (accounts.every((a) => a.sync_status === 'finished' && a.last_synced_at! > since)) return accounts;
        expect(Date.now(), JSON.stringify(accounts)).toBeLessThan(deadline);
        await sleep(250);
      }
    }

    it(
      'gives a load on its way a fresh consent when the restart forgot its grant',
      async () => {
        const before = await meta();
        // A load queued before the restart: the sandbox of this process never issued its tokens.
        await setStatus('pending');
        expect(await demoService().ensure(signal())).toEqual([
          { serviceId: 'facebook_ads', status: 'connected', accounts: plan[0]!.identifiers },
        ]);
        const after = await reloaded(before[0]!.last_synced_at!);
        expect(after.map((a) => [a.uuid, a.connected_at])).toEqual(
          before.map((a) => [a.uuid, a.connected_at]),
        );

        // Its grant now known here, a load on its way is left alone.
        await setStatus('pending');
        expect(await demoService().ensure(signal())).toEqual([
          { serviceId: 'facebook_ads', status: 'loading' },
        ]);
        await setStatus('finished');
      },
      2 * LOAD_TIMEOUT_MS,
    );

    it(
      'connects the accounts again a day later, and changes nothing when that fails',
      async () => {
        const tomorrow = () => new Date(Date.now() + DEMO_REFRESH_AFTER_MS);
        const before = await meta();

        // The sandbox refuses the code: the pass fails with the provider's reason, nothing changed.
        const fault = await fetch(`${demo.t.base}/sandbox/meta/_sandbox/faults`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ next_token_error: 'invalid_grant' }),
        });
        expect(fault.status).toBe(200);
        await expect(demoService({ now: tomorrow }).ensure(signal())).rejects.toThrow(
          /^demo data: facebook_ads: /,
        );
        expect(await meta()).toEqual(before);

        // Where the provider is not this app's sandbox nobody can consent: skipped, nothing changed.
        const elsewhere = demoService({ now: tomorrow, appUrl: 'https://maya.example' });
        expect(await elsewhere.ensure(signal())).toEqual([{ serviceId: 'facebook_ads', status: 'skipped' }]);
        expect(await meta()).toEqual(before);

        // Otherwise the same accounts are connected again and loaded again.
        expect(await demoService({ now: tomorrow }).ensure(signal())).toEqual([
          { serviceId: 'facebook_ads', status: 'connected', accounts: plan[0]!.identifiers },
        ]);
        const after = await reloaded(before[0]!.last_synced_at!);
        expect(after.map((a) => [a.uuid, a.connected_at])).toEqual(
          before.map((a) => [a.uuid, a.connected_at]),
        );
      },
      2 * LOAD_TIMEOUT_MS,
    );
  });
}
