import { catalog } from '@maya/connectors';
import { expect } from 'vitest';
import { call, type AccountsApp } from '../support/accounts';
import { accountSettled, authorize, verifyCallback } from '../support/sources';

type Owner = { token: string; organizationId: string };

/** Connects the sandbox Search Console property `identifier` and waits for its first load. */
export async function connectSearchConsole(t: AccountsApp, owner: Owner, identifier: string) {
  const service = catalog.find((s) => s.id === 'google_search_console');
  if (!service) throw new Error('google_search_console is not in the catalogue');
  const verified = await verifyCallback(t, owner, service, await authorize(t, owner, service));
  expect(verified.status, JSON.stringify(verified.body)).toBe(200);
  const connected = await call(t.base, 'POST', '/service_accounts', {
    token: owner.token,
    body: {
      organization_id: owner.organizationId,
      credentialsId: verified.body.credentials_id,
      accounts: [identifier],
    },
  });
  expect(connected.status, JSON.stringify(connected.body)).toBe(200);
  const account = (connected.body.service_accounts as { uuid: string; identifier: string }[]).find(
    (a) => a.identifier === identifier,
  );
  if (!account) throw new Error(`${identifier} was not connected`);
  const settled = await accountSettled(t, owner, account.uuid, 300_000);
  expect(settled.sync_status, JSON.stringify(settled)).toBe('finished');
  return account;
}

/** The competition reports API as one user calls it, in one organization. */
export function competitorsApi(t: AccountsApp, user: { token: string }, organizationId: string) {
  const query = `organization_id=${organizationId}`;
  return {
    countries: () => call(t.base, 'GET', '/google_search_countries', { token: user.token }),
    list: (filterColumn?: string) =>
      call(
        t.base,
        'GET',
        `/competition_reports?${query}${filterColumn ? `&filter_column=${filterColumn}` : ''}`,
        {
          token: user.token,
        },
      ),
    get: (id: string) => call(t.base, 'GET', `/competition_reports/${id}?${query}`, { token: user.token }),
    save: (body: Record<string, unknown>) =>
      call(t.base, 'PUT', '/competition_reports', {
        token: user.token,
        body: { organization_id: organizationId, ...body },
      }),
    remove: (id: string) =>
      call(t.base, 'DELETE', `/competition_reports/${id}?${query}`, { token: user.token }),
    run: (id: string) =>
      call(t.base, 'POST', `/competition_reports/${id}/run`, {
        token: user.token,
        body: { organization_id: organizationId },
      }),
    /** Waits until the report's last run has ended (the in-process worker runs it). */
    async settled(id: string) {
      let report: Record<string, unknown> = {};
      await expect
        .poll(
          async () => {
            const answer = await this.get(id);
            report = answer.body.report as Record<string, unknown>;
            return (report.last_run as { status: string } | null)?.status;
          },
          { timeout: 120_000, interval: 250 },
        )
        .toMatch(/^(finished|failed)$/);
      return report as {
        last_run: {
          status: string;
          error: string | null;
          terms: number;
          requests: number;
          cost_micros: number;
        };
      };
    },
    /** A visual of the Competitors report. */
    query: (visualId: string, filters: unknown[] = []) =>
      call(t.base, 'POST', '/reports/-competitors/query', {
        token: user.token,
        body: {
          organization_id: organizationId,
          report: '-competitors',
          page: 'overview',
          visual_id: visualId,
          filters,
          date_range: null,
          sort: null,
        },
      }),
  };
}
export type CompetitorsApi = ReturnType<typeof competitorsApi>;
