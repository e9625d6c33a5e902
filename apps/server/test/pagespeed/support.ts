import { randomUUID } from 'node:crypto';
import { expect } from 'vitest';
import { call, type AccountsApp } from '../support/accounts';
import { ownerQuery } from '../support/sources';

export { owner } from '../notifications/support';

type User = { token: string };

/** The PageSpeed API as one user calls it, in one organization. */
export function pagespeedApi(t: AccountsApp, user: User, organizationId: string) {
  const query = `organization_id=${organizationId}`;
  return {
    list: () => call(t.base, 'GET', `/pagespeed_urls?${query}`, { token: user.token }),
    save: (urls: { uuid: string; url_link: string }[]) =>
      call(t.base, 'PUT', '/pagespeed_urls', {
        token: user.token,
        body: { organization_id: organizationId, urls },
      }),
    run: () =>
      call(t.base, 'POST', '/pagespeed_urls/run', {
        token: user.token,
        body: { organization_id: organizationId },
      }),
    top: () => call(t.base, 'GET', `/pagespeed_urls/top?${query}`, { token: user.token }),
    /** Waits until the last run has ended (the in-process worker runs it), and answers the list. */
    async settled() {
      let answer = await this.list();
      await expect
        .poll(
          async () => {
            answer = await this.list();
            return (answer.body.last_run as { status: string } | null)?.status;
          },
          { timeout: 60_000, interval: 200 },
        )
        .toMatch(/^(finished|failed)$/);
      return answer;
    },
    /** A visual of the PageSpeed report. */
    query: (visualId: string, filters: unknown[] = []) =>
      call(t.base, 'POST', '/reports/-pagespeed/query', {
        token: user.token,
        body: {
          organization_id: organizationId,
          report: '-pagespeed',
          page: 'overview',
          visual_id: visualId,
          filters,
          date_range: null,
          sort: null,
        },
      }),
  };
}
export type PagespeedApi = ReturnType<typeof pagespeedApi>;

/** The list rows as stored, in order (read as the tables' owner, past row-level security). */
export async function storedUrls(t: AccountsApp, organizationId: string): Promise<string[]> {
  const rows = await ownerQuery<{ url_link: string }>(
    t,
    organizationId,
    'select url_link from pagespeed_urls where organization_id = $1 order by position',
    [organizationId],
  );
  return rows.map((r) => r.url_link);
}

export const entry = (url_link: string) => ({ uuid: randomUUID(), url_link });
