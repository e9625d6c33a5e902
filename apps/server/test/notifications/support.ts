import { expect } from 'vitest';
import { createNotificationsService, type NotifyInput } from '../../src/modules/notifications';
import { createOrganizationsModule } from '../../src/modules/organizations';
import { createUsersService } from '../../src/modules/users';
import { call, verifiedUser, type AccountsApp } from '../support/accounts';

/** The notifications service on the running app's platform, as the composition root builds it. */
export function notificationsOf(t: AccountsApp) {
  const { platform } = t.app;
  const users = createUsersService(platform);
  const organizations = createOrganizationsModule(platform, { users }).service;
  return createNotificationsService({ platform, organizations, users });
}

/** A verified user with an organization of their own, and the organization's slug. */
export async function owner(t: AccountsApp, email: string) {
  const user = await verifiedUser(t, email);
  const created = await call(t.base, 'POST', '/organizations', {
    token: user.token,
    body: { name: `Org of ${email}` },
  });
  expect(created.status).toBe(201);
  return { ...user, organizationId: created.body.id as string, slug: created.body.slug as string };
}

/** Invites `email` into the organization and accepts as them: a plain member. */
export async function member(
  t: AccountsApp,
  admin: { token: string; slug: string; organizationId: string },
  email: string,
) {
  const invited = await call(t.base, 'POST', '/invitations', {
    token: admin.token,
    body: { organization_id: admin.organizationId, email },
  });
  expect(invited.status).toBe(201);
  const user = await verifiedUser(t, email);
  const accepted = await call(t.base, 'POST', '/invitations/accept', {
    token: user.token,
    body: { invitation_id: invited.body.uuid, organization_slug: admin.slug },
  });
  expect(accepted.status).toBe(200);
  return user;
}

/**
 * Notifies in turn, a few milliseconds apart, so that "newest first" has one answer (created_at
 * has millisecond precision). Returns the ids in creation order.
 */
export async function notifyEach(
  service: ReturnType<typeof notificationsOf>,
  organizationId: string,
  inputs: NotifyInput[],
): Promise<string[]> {
  const ids: string[] = [];
  for (const input of inputs) {
    ids.push((await service.notify(organizationId, input)).id);
    await new Promise((resolve) => setTimeout(resolve, 3));
  }
  return ids;
}

export const info = (title: string): NotifyInput => ({ type: 'info', title, body: `${title} body` });
