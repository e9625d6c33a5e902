import { expect } from 'vitest';
import { FIRST_LOAD_QUEUE } from '../../src/modules/sources';
import { call, verifiedUser, type AccountsApp } from '../support/accounts';
import { accountSettled } from '../support/sources';

type Owner = { token: string; organizationId: string };

/** A verified user who joined the owner's organization as a plain member, through an invitation. */
export async function invitedMember(t: AccountsApp, owner: Owner, email: string) {
  const listed = await call(t.base, 'GET', '/organizations', { token: owner.token });
  const organization = (listed.body.organizations as { id: string; slug: string }[]).find(
    (o) => o.id === owner.organizationId,
  );
  expect(organization).toBeDefined();
  const created = await call(t.base, 'POST', '/invitations', {
    token: owner.token,
    body: { organization_id: owner.organizationId, email },
  });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  await t.smtp.next(email, /invited/);
  const member = await verifiedUser(t, email);
  const accepted = await call(t.base, 'POST', '/invitations/accept', {
    token: member.token,
    body: { invitation_id: created.body.uuid, organization_slug: organization?.slug },
  });
  expect(accepted.status, JSON.stringify(accepted.body)).toBe(200);
  return { ...member, organizationId: owner.organizationId };
}

/** The demo organization every verified user may read. */
export async function demoOrganizationId(t: AccountsApp, user: { token: string }): Promise<string> {
  const listed = await call(t.base, 'GET', '/organizations', { token: user.token });
  const demo = (listed.body.organizations as { id: string; is_demo: boolean }[]).find((o) => o.is_demo);
  if (demo === undefined) throw new Error('no demo organization');
  return demo.id;
}

/** Loads one connected account again (as the ETL's first load does) and waits for its outcome. */
export async function loadAgain(t: AccountsApp, owner: Owner, accountId: string) {
  const boss = t.app.platform.jobs.boss;
  const data = { organizationId: owner.organizationId, serviceAccountId: accountId };
  const id = await boss.send(FIRST_LOAD_QUEUE, data, { retryLimit: 0 });
  if (id === null) throw new Error('the load was not queued');
  for (;;) {
    const job = await boss.getJobById(FIRST_LOAD_QUEUE, id);
    if (job && ['completed', 'failed', 'cancelled'].includes(job.state)) break;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return accountSettled(t, owner, accountId);
}
