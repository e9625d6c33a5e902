import { encodeReportState, type ReportState } from '@maya/contracts';
import pg from 'pg';
import { expect } from 'vitest';
import { call, type AccountsApp } from '../support/accounts';

export { member, owner } from '../notifications/support';

export const REPORT = '-maya';

/** A report state on page `page`, encoded as the dashboard saves it. */
export function stateOn(page: string, extra: Partial<ReportState> = {}): string {
  return encodeReportState({ version: 1, page, filters: [], slicers: [], sort: [], ...extra });
}

type User = { token: string };

/** The bookmarks API as one user calls it, in one organization. */
export function bookmarksApi(t: AccountsApp, user: User, organizationId: string, report = REPORT) {
  return {
    list: (scope: 'menu' | 'manage' = 'menu', reportSlug = report) =>
      call(
        t.base,
        'GET',
        `/bookmarks?${new URLSearchParams({ organization_id: organizationId, report_slug: reportSlug, scope }).toString()}`,
        { token: user.token },
      ),
    create: (bookmarks: unknown[], reportSlug = report) =>
      call(t.base, 'POST', '/bookmarks', {
        token: user.token,
        body: { organization_id: organizationId, report_slug: reportSlug, bookmarks },
      }),
    update: (id: string, bookmark: Record<string, unknown>, reportSlug = report) =>
      call(t.base, 'PATCH', `/bookmarks/${id}`, {
        token: user.token,
        body: { organization_id: organizationId, report_slug: reportSlug, bookmark },
      }),
    remove: (id: string, reportSlug = report) =>
      call(
        t.base,
        'DELETE',
        `/bookmarks/${id}?${new URLSearchParams({ organization_id: organizationId, report_slug: reportSlug }).toString()}`,
        { token: user.token },
      ),
  };
}

/** Creates one bookmark and answers it (the call must succeed). */
export async function created(
  api: ReturnType<typeof bookmarksApi>,
  input: Record<string, unknown>,
): Promise<Record<string, unknown> & { id: string; slug: string; name: string }> {
  const answer = await api.create([input]);
  expect(answer.status, JSON.stringify(answer.body)).toBe(201);
  const [bookmark] = answer.body.bookmarks as (Record<string, unknown> & {
    id: string;
    slug: string;
    name: string;
  })[];
  if (bookmark === undefined) throw new Error('the create answered no bookmark');
  return bookmark;
}

/** The names of a list answer's user bookmarks. */
export const names = (body: { bookmarks: { name: string }[] }) => body.bookmarks.map((b) => b.name);

/** Makes the user staff (as an operator would) and answers a new access token carrying it. */
export async function makeStaff(t: AccountsApp, user: { userId: string; cookie: string }): Promise<string> {
  const client = new pg.Client({ connectionString: t.app.platform.database.ownerUrl });
  await client.connect();
  try {
    await client.query('update users set is_staff = true where id = $1', [user.userId]);
  } finally {
    await client.end();
  }
  const refreshed = await call(t.base, 'POST', '/auth/refresh_token', { cookie: user.cookie });
  expect(refreshed.status).toBe(200);
  return refreshed.body.access_token as string;
}

/** How many bookmark rows the organization holds, read as the tables' owner (past row-level security). */
export async function storedCount(t: AccountsApp, organizationId: string): Promise<number> {
  const client = new pg.Client({ connectionString: t.app.platform.database.ownerUrl });
  await client.connect();
  try {
    await client.query(`select set_config('app.organization_id', $1, false)`, [organizationId]);
    const { rows } = await client.query<{ n: number }>(
      'select count(*)::int as n from bookmarks where organization_id = $1',
      [organizationId],
    );
    return rows[0]?.n ?? 0;
  } finally {
    await client.end();
  }
}
