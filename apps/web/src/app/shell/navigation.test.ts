import { describe, expect, it } from 'vitest';
import { demoOrganization, organizationFixture, userFixture } from '../../test/organizationFixtures';
import { activeSectionKey, bookDemoUrl, reportLabel, sidebarSections } from './navigation';

describe('sidebar sections', () => {
  it('Setup, Demo and Reports for an organization; Demo and Reports for a demo one', () => {
    const user = userFixture();
    const acme = organizationFixture({ slug: 'acme', is_etl_enabled: true });
    expect(sidebarSections(acme, user).map((section) => section.key)).toEqual(['setup', 'demo', 'reports']);
    expect(sidebarSections(demoOrganization, user).map((section) => section.key)).toEqual([
      'demo',
      'reports',
    ]);
  });

  it('marks Administration active on every settings tab', () => {
    const sections = sidebarSections(organizationFixture({ slug: 'acme' }), userFixture());
    expect(activeSectionKey(sections, '/organization/acme/settings/developers/api-key')).toBe('setup');
    expect(activeSectionKey(sections, '/organization/acme/dashboard/-demo')).toBe('demo');
    expect(activeSectionKey(sections, '/organization/acme/dashboard/-maya/bookmarks/x')).toBe('reports');
    expect(activeSectionKey(sections, '/organization/acme/notifications')).toBeNull();
  });

  it('strips the leading dash of report names', () => {
    expect(reportLabel('-seo-v1')).toBe('seo-v1');
    expect(reportLabel('Weekly')).toBe('Weekly');
  });

  it('prefills Book a Demo with the email, and the name when known', () => {
    const named = new URL(bookDemoUrl(userFixture()));
    expect(named.searchParams.get('name')).toBe('Ada Lovelace');
    const unnamed = new URL(
      bookDemoUrl(
        userFixture({ profile: { first_name: '', last_name: '', company_name: '', company_position: '' } }),
      ),
    );
    expect(unnamed.searchParams.has('name')).toBe(false);
    expect(unnamed.searchParams.get('email')).toBe('ada@example.com');
  });
});
