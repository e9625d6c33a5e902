import { describe, expect, it } from 'vitest';
import { PERMISSION_ACTIONS, can, type PermissionAction, type PermissionSubject } from './permissions';
import type { Role } from './organizations';

/** The whole table, written out: every role, demo or not, staff or not, for every action. */
const ADMINISTRATORS_OF_OWN: readonly PermissionAction[] = [
  'organization.update',
  'members.invite',
  'reports.edit',
  'destinations.configure',
  'subscriptions.link',
  'billing.manage',
  'developers.manage',
];
const ROLES: readonly Role[] = ['owner', 'admin', 'member'];

function expected(subject: PermissionSubject, action: PermissionAction): boolean {
  const administrator = subject.role !== 'member';
  if (action === 'bookmarks.manage') return administrator || subject.isStaff === true;
  if (action === 'organization.administer' || action === 'reports.embed') return administrator;
  if (ADMINISTRATORS_OF_OWN.includes(action)) return administrator && !subject.isDemo;
  throw new Error(`no expectation for ${action}`);
}

describe('can(access, action)', () => {
  for (const action of PERMISSION_ACTIONS) {
    for (const role of ROLES) {
      for (const isDemo of [false, true]) {
        for (const isStaff of [false, true]) {
          const subject = { role, isDemo, isStaff };
          const allowed = expected(subject, action);
          it(`${allowed ? 'lets' : 'refuses'} ${role}${isDemo ? ' of a demo' : ''}${isStaff ? ' (staff)' : ''} ${action}`, () => {
            expect(can(subject, action)).toBe(allowed);
          });
        }
      }
    }
  }

  it('never lets a member do what changes the organization', () => {
    const member = { role: 'member' as const, isDemo: false };
    expect(PERMISSION_ACTIONS.filter((action) => can(member, action))).toEqual([]);
  });

  it('lets nobody but staff change a demo organization beyond its bookmarks and embeds', () => {
    const owner = { role: 'owner' as const, isDemo: true, isStaff: false };
    expect(PERMISSION_ACTIONS.filter((action) => can(owner, action))).toEqual([
      'organization.administer',
      'reports.embed',
      'bookmarks.manage',
    ]);
  });
});
