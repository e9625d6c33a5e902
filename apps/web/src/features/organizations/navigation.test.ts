import { describe, expect, it } from 'vitest';
import { demoOrganization, organizationFixture } from '../../test/organizationFixtures';
import { landingPath, memberOrganizations, organizationPath, resolveCurrentOrganization } from './navigation';

const acme = organizationFixture({ slug: 'acme', has_dashboard: true });
const globex = organizationFixture({ slug: 'globex', has_dashboard: false });

describe('organization navigation rules', () => {
  it('does not count the demo organization as the user’s own', () => {
    expect(memberOrganizations([demoOrganization, acme])).toEqual([acme]);
    expect(resolveCurrentOrganization([demoOrganization], 'demo')).toBeNull();
  });

  it('prefers the saved organization, the demo one included, else the first own one', () => {
    expect(resolveCurrentOrganization([demoOrganization, acme, globex], 'globex')).toBe(globex);
    expect(resolveCurrentOrganization([demoOrganization, acme], 'demo')).toBe(demoOrganization);
    expect(resolveCurrentOrganization([demoOrganization, acme, globex], null)).toBe(acme);
  });

  it('chooses the landing path', () => {
    expect(landingPath([demoOrganization], null, false)).toBe('/create-organization');
    expect(landingPath([acme], null, false)).toBe('/organization/acme/dashboard/-maya');
    expect(landingPath([globex], null, false)).toBe('/organization/globex/dashboard/-demo');
    expect(landingPath([demoOrganization, acme], 'demo', false)).toBe('/organization/demo/dashboard/-demo');
    expect(landingPath([acme], null, true)).toBe(
      '/organization/acme/settings/destinations?refresh_destinations=1',
    );
  });

  it('builds organization paths', () => {
    expect(organizationPath('acme')).toBe('/organization/acme');
    expect(organizationPath('acme', '/sources')).toBe('/organization/acme/sources');
    expect(organizationPath('a b', 'x')).toBe('/organization/a%20b/x');
  });
});
