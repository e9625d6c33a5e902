import { InviteListResponseSchema, InviteSchema } from '@maya/contracts';
import { apiClient, type ApiClient } from '../../../shared/api/client';

export type Invite = ReturnType<typeof InviteSchema.parse>;

/** GET /invitations?organization_id=: the pending invitations. */
export function listInvitations(organizationId: string, client: ApiClient = apiClient): Promise<Invite[]> {
  return client.get('/invitations', {
    query: { organization_id: organizationId },
    parse: (data) => InviteListResponseSchema.parse(data).invitations,
  });
}

export type CreateInvitationInput = { organizationId: string; email: string };

/** POST /invitations (admins): invites an e-mail, or renews its pending invitation. */
export function createInvitation(
  { organizationId, email }: CreateInvitationInput,
  client: ApiClient = apiClient,
): Promise<Invite> {
  return client.post('/invitations', {
    body: { organization_id: organizationId, email },
    parse: (data) => InviteSchema.parse(data),
  });
}

export type DeleteInvitationInput = { organizationId: string; uuid: string };

/** DELETE /invitations/{uuid}?organization_id= (admins). */
export async function deleteInvitation(
  { organizationId, uuid }: DeleteInvitationInput,
  client: ApiClient = apiClient,
): Promise<void> {
  await client.delete(`/invitations/${encodeURIComponent(uuid)}`, {
    query: { organization_id: organizationId },
  });
}
