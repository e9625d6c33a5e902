import { AcceptInvitationResponseSchema, PendingInvitationSchema } from '@maya/contracts';
import { apiClient, type ApiClient } from '../../../shared/api/client';

export type PendingInvitation = ReturnType<typeof PendingInvitationSchema.parse>;
export type InvitationRef = { inviteId: string; organizationSlug: string };

/** GET /invitations/{id}?organization_slug=...: public, tells a visitor whom the invite is for. */
export function getPendingInvitation(
  { inviteId, organizationSlug }: InvitationRef,
  client: ApiClient = apiClient,
): Promise<PendingInvitation> {
  return client.get(`/invitations/${encodeURIComponent(inviteId)}`, {
    query: { organization_slug: organizationSlug },
    parse: (data) => PendingInvitationSchema.parse(data),
  });
}

/** POST /invitations/accept → the slug of the organization joined. */
export function acceptInvitation(
  { inviteId, organizationSlug }: InvitationRef,
  client: ApiClient = apiClient,
): Promise<string> {
  return client.post('/invitations/accept', {
    body: { invitation_id: inviteId, organization_slug: organizationSlug },
    parse: (data) => AcceptInvitationResponseSchema.parse(data).organization_slug,
  });
}
