/** The invitations area, as other areas use it. */
export { invitationKeys } from './api/keys';
export { invitationMessages } from './messages';
