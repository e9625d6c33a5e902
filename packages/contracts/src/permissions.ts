import type { Role } from './organizations';
import { unreachable } from './unreachable';

/**
 * Who may do what in an organization: the one permission table (DESIGN.md "One owner per
 * concept"). Pure: the caller's role in the organization, whether it is a demo organization
 * (open to every user, changed by nobody) and whether the user is staff. Plan limits are not
 * here: they are the billing module's `entitlements(organizationId)`.
 */
export type PermissionSubject = { role: Role; isDemo: boolean; isStaff?: boolean };

export const PERMISSION_ACTIONS = [
  /** Change the organization's settings (its currency). */
  'organization.update',
  /** Be told of what needs an administrator (failed loads, mailed notifications). */
  'organization.administer',
  /** Invite members and withdraw invitations. */
  'members.invite',
  /** Save custom reports from edit mode and delete them (access_level Edit, spec 002 §4). */
  'reports.edit',
  /** Embed the organization's reports outside it and revoke the embeds. */
  'reports.embed',
  /** Manage every member's bookmarks and the navigation menu (spec 002 §5). */
  'bookmarks.manage',
  /** Choose where the organization's data is loaded. */
  'destinations.configure',
  /** Link a marketplace subscription to the organization. */
  'subscriptions.link',
  /** Billing details, checkout and the billing portal: what the organization pays. */
  'billing.manage',
  /** Settings → Developers: API keys, the notification token, the shared dataset. */
  'developers.manage',
] as const;
export type PermissionAction = (typeof PERMISSION_ACTIONS)[number];

const isAdministrator = (role: Role) => role === 'owner' || role === 'admin';

export function can(subject: PermissionSubject, action: PermissionAction): boolean {
  switch (action) {
    case 'organization.administer':
      return isAdministrator(subject.role);
    case 'bookmarks.manage':
      return subject.isStaff === true || isAdministrator(subject.role);
    case 'reports.embed':
      // A demo organization's reports are public already; its administrators (staff) may embed them.
      return isAdministrator(subject.role);
    case 'organization.update':
    case 'members.invite':
    case 'reports.edit':
    case 'destinations.configure':
    case 'subscriptions.link':
    case 'billing.manage':
    case 'developers.manage':
      return isAdministrator(subject.role) && !subject.isDemo;
    default: {
      return unreachable(action);
    }
  }
}
