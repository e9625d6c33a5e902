import { InvitationErrorType, can, withinLimit } from '@maya/contracts';
import { lockOrganization, withOrganization } from '../../platform/db/tenant';
import { AppError } from '../../platform/errors';
import type { Auth, OrganizationAccess } from '../../platform/guards';
import { actionMail } from '../../platform/mail';
import type { Platform } from '../../platform/platform';
import { planLimitReached, type BillingService } from '../billing';
import { MEMBERS_LOCK, type OrganizationsService } from '../organizations';
import type { UsersService } from '../users';
import { invitationsRepository as repository, type InvitationRow } from './repository';

/** Invitations stay valid for a week (the spec leaves it open; docs/decisions.md). */
export const INVITATION_TTL_DAYS = 7;

export function createInvitationsService(
  platform: Pick<Platform, 'database' | 'config' | 'mailer' | 'rateLimiter'>,
  services: {
    users: UsersService;
    organizations: OrganizationsService;
    billing: Pick<BillingService, 'entitlements'>;
  },
) {
  const { db } = platform.database;
  const toInvite = (row: InvitationRow) => ({
    uuid: row.id,
    email: row.email,
    status: 'pending' as const,
    created_at: row.createdAt.toISOString(),
    expires_at: row.expiresAt.toISOString(),
  });

  /** The invitation as its invitee reaches it: by organization slug and id, with the §8 errors. */
  async function open(invitationId: string, organizationSlug: string) {
    const organization = await services.organizations.findBySlug(organizationSlug);
    const row = organization
      ? await withOrganization(db, organization.id, (tx) => repository.byId(tx, invitationId))
      : null;
    if (!organization || !row) throw new AppError(404, InvitationErrorType.doesNotExist);
    return { organization, row };
  }

  return {
    async create(access: OrganizationAccess, auth: Auth, email: string) {
      if (!can(access, 'members.invite'))
        throw new AppError(403, 'forbidden', { message: 'Only admins can invite members' });
      await platform.rateLimiter.check([{ key: `invite:user:${auth.userId}`, max: 50, windowSeconds: 3600 }]);
      const organizationId = access.organizationId;
      const existingUser = await services.users.findByEmail(email);
      if (existingUser && (await services.organizations.isMember(organizationId, existingUser.id))) {
        throw new AppError(409, InvitationErrorType.alreadyMember, {
          message: `${email} is already a member`,
        });
      }
      const expiresAt = new Date(Date.now() + INVITATION_TTL_DAYS * 86_400_000);
      const { users } = await services.billing.entitlements(organizationId);
      // A seat is a member or a pending invitation; counted under the members lock, so two
      // invitations racing for the last seat cannot both take it (acceptances take it too).
      const row = await withOrganization(db, organizationId, async (tx) => {
        await lockOrganization(tx, MEMBERS_LOCK, organizationId);
        const members = (await services.organizations.members(organizationId)).length;
        const others = (await repository.listPending(tx)).filter((pending) => pending.email !== email);
        if (!withinLimit(users, members + others.length)) throw planLimitReached('users');
        return repository.renewOrInsert(tx, { organizationId, email, invitedBy: auth.userId, expiresAt });
      });
      const organization = await services.organizations.findById(organizationId);
      const slug = organization?.slug ?? '';
      await platform.mailer.send(
        actionMail({
          to: email,
          subject: `You are invited to ${organization?.name ?? 'an organization'} on Maya`,
          intro: `${auth.email} invited you to join ${organization?.name ?? 'their organization'} on Maya.`,
          action: 'Accept invitation',
          url: `${platform.config.appUrl}/organization/${slug}/invite/${row.id}`,
          outro: `The invitation expires after ${INVITATION_TTL_DAYS} days.`,
        }),
      );
      return toInvite(row);
    },

    async listPending(organizationId: string) {
      const rows = await withOrganization(db, organizationId, (tx) => repository.listPending(tx));
      return rows.map(toInvite);
    },

    async remove(access: OrganizationAccess, invitationId: string): Promise<void> {
      if (!can(access, 'members.invite'))
        throw new AppError(403, 'forbidden', { message: 'Only admins can remove invitations' });
      const deleted = await withOrganization(db, access.organizationId, (tx) =>
        repository.remove(tx, invitationId),
      );
      if (!deleted) throw new AppError(404, InvitationErrorType.doesNotExist);
    },

    async pending(invitationId: string, organizationSlug: string) {
      const { organization, row } = await open(invitationId, organizationSlug);
      if (row.acceptedAt) throw new AppError(409, InvitationErrorType.alreadyAccepted);
      if (row.expiresAt.getTime() <= Date.now()) throw new AppError(410, InvitationErrorType.expired);
      return {
        email: row.email,
        invitation_id: row.id,
        organization_slug: organization.slug,
        organization_name: organization.name,
      };
    },

    async accept(auth: Auth, invitationId: string, organizationSlug: string) {
      const { organization, row } = await open(invitationId, organizationSlug);
      if (row.acceptedAt)
        throw new AppError(409, InvitationErrorType.alreadyAccepted, {
          organization_slug: organization.slug,
        });
      if (row.expiresAt.getTime() <= Date.now()) throw new AppError(410, InvitationErrorType.expired);
      if (row.email !== auth.email.toLowerCase()) {
        throw new AppError(403, InvitationErrorType.forbidden, { invitation_email: row.email });
      }
      if (!auth.emailVerified) throw new AppError(403, 'email_not_verified', { email: auth.email });
      // The seat is checked again on acceptance: the plan may have changed since the invitation.
      const { users } = await services.billing.entitlements(organization.id);
      const added = await services.organizations.addMember(organization.id, auth.userId, 'member', users);
      if (added === 'no_room') throw planLimitReached('users');
      await withOrganization(db, organization.id, (tx) => repository.markAccepted(tx, row.id, auth.userId));
      return { organization_slug: organization.slug };
    },
  };
}
export type InvitationsService = ReturnType<typeof createInvitationsService>;
