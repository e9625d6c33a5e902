import { z } from 'zod/mini';
import { MemberSchema } from './organizations';
import { emailSchema } from './validation';

export const InvitationErrorType = {
  expired: 'invitation_expired',
  forbidden: 'invitation_forbidden',
  doesNotExist: 'invitation_does_not_exist',
  alreadyAccepted: 'invitation_already_accepted',
  alreadyMember: 'already_member',
  upgradeRequired: 'upgrade_required',
} as const;
export type InvitationErrorType = (typeof InvitationErrorType)[keyof typeof InvitationErrorType];

/** An invitation as its invitee sees it (spec 000 §3): email, invitation_id, organization_slug. */
export const PendingInvitationSchema = z.object({
  email: z.string(),
  invitation_id: z.uuid(),
  organization_slug: z.string(),
  organization_name: z.string(),
});

/** An invitation as the organization's members see it (spec 002 §3 Invite). */
export const InviteSchema = z.object({
  uuid: z.uuid(),
  email: z.string(),
  status: z.enum(['pending']),
  created_at: z.iso.datetime(),
  expires_at: z.iso.datetime(),
});
export const InviteListResponseSchema = z.object({ invitations: z.array(InviteSchema) });
export const CreateInvitationSchema = z.object({ organization_id: z.uuid(), email: emailSchema });
export const AcceptInvitationSchema = z.object({
  invitation_id: z.uuid(),
  organization_slug: z.string().check(z.minLength(1)),
});
export const AcceptInvitationResponseSchema = z.object({ organization_slug: z.string() });

/** GET /organizations/{id}/users/all: the organization's whole directory, members and invitees. */
export const OrganizationDirectoryResponseSchema = z.object({
  users: z.array(MemberSchema),
  invitations: z.array(InviteSchema),
});
