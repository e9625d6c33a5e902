// One person's bookmarks must neither block another's nor be revealed to them by a refusal: in
// the demo organization, which every signed-in user shares, and for private bookmarks anywhere.
// The attack: save a name and watch for 409 (or a numbered slug) to learn that someone else has
// a private bookmark of that name, or fill the report's limit so nobody else can save.
import { bookmarkLimits } from '@maya/contracts';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, startAccountsApp, type AccountsApp } from '../support/accounts';
import { bookmarksApi, created, member, names, owner, REPORT, stateOn } from './support';

let t: AccountsApp;
let demoId: string;
let x: Awaited<ReturnType<typeof owner>>;
let y: Awaited<ReturnType<typeof owner>>;

beforeAll(async () => {
  t = await startAccountsApp();
  x = await owner(t, 'names-x@example.com');
  y = await owner(t, 'names-y@example.com');
  const orgs = await call(t.base, 'GET', '/organizations', { token: x.token });
  const demo = (orgs.body.organizations as { id: string; is_demo: boolean }[]).find((o) => o.is_demo);
  if (!demo) throw new Error('no demo organization');
  demoId = demo.id;
});
afterAll(() => t.close());

/** `count` private bookmarks of `userId` on the report, written as the tables' owner (quicker than the API). */
async function fill(organizationId: string, userId: string, count: number): Promise<void> {
  const client = new pg.Client({ connectionString: t.app.platform.database.ownerUrl });
  await client.connect();
  try {
    await client.query(`select set_config('app.organization_id', $1, false)`, [organizationId]);
    await client.query(
      `insert into bookmarks (organization_id, report_slug, name, name_key, display_name, slug, state,
                              is_private, created_by_id)
       select $1, $2, 'Filler ' || n, 'filler ' || n || ' ' || $3::text, 'Filler ' || n, 'filler-' || n || '-' || $3::text,
              $4, true, $3::uuid
       from generate_series(1, $5) as n`,
      [organizationId, REPORT, userId, stateOn('p1'), count],
    );
  } finally {
    await client.end();
  }
}

/** What a create answer tells the caller, ids and dates aside: status, name, slug. */
const told = (answer: { status: number; body: Record<string, unknown> }) => {
  const [bookmark] = (answer.body.bookmarks ?? []) as { name: string; slug: string }[];
  return { status: answer.status, name: bookmark?.name, slug: bookmark?.slug };
};

describe('the demo organization', () => {
  it("lets every visitor save any name: another visitor's 'Q3' neither blocks it nor shows", async () => {
    const asX = bookmarksApi(t, x, demoId);
    const asY = bookmarksApi(t, y, demoId);
    const mine = await created(asX, { name: 'Q3', state: stateOn('p1') });
    expect(mine.is_private).toBe(true);

    const theirs = await asY.create([{ name: 'Q3', state: stateOn('p1') }]);
    const fresh = await asY.create([{ name: 'Q4', state: stateOn('p1') }]);
    // Answered as for a name nobody used: created, its slug not numbered past a hidden one.
    expect(told(theirs)).toEqual({ status: 201, name: 'Q3', slug: 'q3' });
    expect(told(fresh)).toEqual({ status: 201, name: 'Q4', slug: 'q4' });
    expect(names((await asX.list()).body as never)).toEqual(['Q3']);
    expect(names((await asY.list()).body as never)).toEqual(['Q3', 'Q4']);

    // Names stay unique among one's own.
    const again = await asX.create([{ name: ' q3 ', state: stateOn('p1') }]);
    expect([again.status, again.body.detail.type]).toEqual([409, 'bookmark_name_exists']);
    const renamed = await asY.update((theirs.body.bookmarks as { id: string }[])[0]?.id ?? '', {
      name: 'Q4',
    });
    expect(renamed.status).toBe(409);
    const ownRename = await asY.update((fresh.body.bookmarks as { id: string }[])[0]?.id ?? '', {
      name: 'Q3 final',
    });
    expect(ownRename.status).toBe(200);
    const xRename = await asX.update(mine.id, { name: 'Q3 final' });
    // A renamed bookmark keeps its slug, so its links keep working (decision 200).
    expect([xRename.status, xRename.body.slug, xRename.body.name]).toEqual([200, 'q3', 'Q3 final']);
  });

  it('counts the limit per visitor: one who filled it blocks only themselves', async () => {
    await fill(demoId, x.userId, bookmarkLimits.maxPerReport);
    const asX = bookmarksApi(t, x, demoId);
    const asY = bookmarksApi(t, y, demoId);
    const full = await asX.create([{ name: 'One more', state: stateOn('p1') }]);
    expect(full.status).toBe(422);
    expect(full.body.detail.message).toBe(
      `You can keep at most ${bookmarkLimits.maxPerReport} bookmarks on a report`,
    );
    expect((await asY.create([{ name: 'One more', state: stateOn('p1') }])).status).toBe(201);
  });
});

describe('private bookmarks in an ordinary organization', () => {
  it("never reveal their names: another member's save, rename and slug go as for a name nobody used", async () => {
    const admin = await owner(t, 'names-admin@example.com');
    const user = await member(t, admin, 'names-member@example.com');
    const asAdmin = bookmarksApi(t, admin, admin.organizationId);
    const asMember = bookmarksApi(t, user, admin.organizationId);
    const secret = await created(asMember, { name: 'Layoffs', state: stateOn('p1'), is_private: true });

    // Shared or private, the admin's 'Layoffs' is answered like the never-used 'Hiring'.
    const shared = await asAdmin.create([{ name: 'Layoffs', state: stateOn('p1') }]);
    const fresh = await asAdmin.create([{ name: 'Hiring', state: stateOn('p1'), is_private: true }]);
    expect(told(shared)).toEqual({ status: 201, name: 'Layoffs', slug: 'layoffs' });
    expect(told(fresh)).toEqual({ status: 201, name: 'Hiring', slug: 'hiring' });
    const sharedId = (shared.body.bookmarks as { id: string }[])[0]?.id ?? '';
    const freshId = (fresh.body.bookmarks as { id: string }[])[0]?.id ?? '';
    expect((await asAdmin.update(sharedId, { name: 'Reorg' })).status).toBe(200);
    const back = await asAdmin.update(sharedId, { name: 'Layoffs' });
    expect([back.status, back.body.slug]).toEqual([200, 'layoffs']);

    // What the member sees may clash: their own private one with the admin's shared one.
    expect((await asMember.update(secret.id, { is_private: false })).status).toBe(409);
    expect((await asMember.create([{ name: 'layoffs', state: stateOn('p1') }])).status).toBe(409);
    // The member's private name is theirs alone, and the admin's private one too.
    expect((await asAdmin.update(freshId, { name: 'Layoffs' })).status).toBe(409); // their own shared one
    expect(
      (await asAdmin.create([{ name: 'Members only', state: stateOn('p1'), is_private: true }])).status,
    ).toBe(201);
    expect(
      (await asMember.create([{ name: 'Members only', state: stateOn('p1'), is_private: true }])).status,
    ).toBe(201);
  });

  it("is made private by its creator only: a manager's change is refused, whatever the name", async () => {
    const admin = await owner(t, 'names-admin-2@example.com');
    const user = await member(t, admin, 'names-member-2@example.com');
    const asAdmin = bookmarksApi(t, admin, admin.organizationId);
    const asMember = bookmarksApi(t, user, admin.organizationId);
    await created(asMember, { name: 'Payroll', state: stateOn('p1'), is_private: true });
    const open = await created(asMember, { name: 'Open view', state: stateOn('p1') });
    // The admin may rename it to a name hidden from them…
    expect((await asAdmin.update(open.id, { name: 'Payroll' })).status).toBe(200);
    // …but hiding it from everyone is its creator's choice (and would clash with a name the admin cannot see).
    const hidden = await asAdmin.update(open.id, { is_private: true });
    expect([hidden.status, hidden.body.detail.type]).toEqual([403, 'bookmark_forbidden']);
    const other = await created(asMember, { name: 'Other view', state: stateOn('p1') });
    expect((await asAdmin.update(other.id, { is_private: true })).status).toBe(403);
    expect((await asMember.update(other.id, { is_private: true })).status).toBe(200);
  });

  it('counts the limit per member, so private bookmarks nobody else can delete block nobody else', async () => {
    const admin = await owner(t, 'names-admin-3@example.com');
    const user = await member(t, admin, 'names-member-3@example.com');
    await fill(admin.organizationId, user.userId, bookmarkLimits.maxPerReport);
    const asAdmin = bookmarksApi(t, admin, admin.organizationId);
    const asMember = bookmarksApi(t, user, admin.organizationId);
    expect((await asMember.create([{ name: 'One more', state: stateOn('p1') }])).status).toBe(422);
    expect((await asAdmin.create([{ name: 'One more', state: stateOn('p1') }])).status).toBe(201);
  });
});
