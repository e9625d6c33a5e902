import { describe, expect, it } from 'vitest';
import { demoOrganization, organizationFixture, userFixture } from '../../test/organizationFixtures';
import type { EmbedReport } from '@maya/contracts';
import {
  activeSectionKey,
  bookDemoUrl,
  reportLabel,
  sidebarSections,
  withDemoOrganization,
  withReports,
} from './navigation';

function embedReport(slug: string, overrides: Partial<EmbedReport> = {}): EmbedReport {
  return {
    id: slug,
    slug,
    name: slug,
    embed_url: `https://app.example.com/api/reports/${slug}`,
    access_token: null,
    access_level: 'Edit',
    permission_level: 'admin',
    demo: false,
    is_custom: false,
    dataset_id: 'marketing',
    ...overrides,
  };
}

const BUILT_INS = [embedReport('-maya'), embedReport('-seo-v1', { dataset_id: 'search' })];

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
    const sections = withReports(
      sidebarSections(organizationFixture({ slug: 'acme' }), userFixture()),
      'acme',
      {
        status: 'ready',
        reports: BUILT_INS,
      },
    );
    expect(activeSectionKey(sections, '/organization/acme/settings/developers/api-key')).toBe('setup');
    expect(activeSectionKey(sections, '/organization/acme/dashboard/-demo')).toBe('demo');
    expect(activeSectionKey(sections, '/organization/acme/dashboard/-maya/bookmarks/x')).toBe('reports');
    expect(activeSectionKey(sections, '/organization/acme/notifications')).toBeNull();
  });

  it('lists the reports from the API, and Custom Reports only when there are custom ones', () => {
    const base = sidebarSections(organizationFixture({ slug: 'acme' }), userFixture());
    const builtIns = withReports(base, 'acme', { status: 'ready', reports: BUILT_INS });
    expect(builtIns.map((section) => section.key)).toEqual(['setup', 'demo', 'reports']);
    const reports = builtIns.find((section) => section.key === 'reports');
    expect(reports?.items.map((entry) => [entry.label, entry.to])).toEqual([
      ['maya', '/organization/acme/dashboard/-maya'],
      ['seo-v1', '/organization/acme/dashboard/-seo-v1'],
    ]);

    const withCustom = withReports(base, 'acme', {
      status: 'ready',
      reports: [...BUILT_INS, embedReport('weekly-spend', { name: 'Weekly spend', is_custom: true })],
    });
    expect(withCustom.map((section) => section.key)).toEqual(['setup', 'demo', 'reports', 'custom-reports']);
    const custom = withCustom.find((section) => section.key === 'custom-reports');
    expect(custom?.label).toBe('Custom Reports');
    expect(custom?.items.map((entry) => entry.label)).toEqual(['Weekly spend']);
    expect(activeSectionKey(withCustom, '/organization/acme/dashboard/weekly-spend/edit')).toBe(
      'custom-reports',
    );
  });

  it('leaves the demo report to the Demo section, and says when the list is loading or failed', () => {
    const base = sidebarSections(demoOrganization, userFixture());
    const sections = withReports(base, 'demo', {
      status: 'ready',
      reports: [...BUILT_INS, embedReport('-demo')],
    });
    const reports = sections.find((section) => section.key === 'reports');
    expect(reports?.items.map((entry) => entry.label)).toEqual(['maya', 'seo-v1']);
    expect(activeSectionKey(sections, '/organization/demo/dashboard/-demo')).toBe('demo');

    const loading = withReports(base, 'demo', { status: 'loading' }).find((s) => s.key === 'reports');
    expect(loading).toMatchObject({ items: [], note: 'Loading reports…' });
    const failed = withReports(base, 'demo', { status: 'error' }).find((s) => s.key === 'reports');
    expect(failed).toMatchObject({ items: [], note: 'The reports could not be loaded.' });
  });

  it("leads Performance to the demo organization's Demo report", () => {
    const sections = withDemoOrganization(
      sidebarSections(organizationFixture({ slug: 'acme' }), userFixture()),
      'demo',
    );
    const performance = sections.find((s) => s.key === 'demo')?.items.find((i) => i.key === 'performance');
    expect(performance?.to).toBe('/organization/demo/dashboard/-demo');
    expect(activeSectionKey(sections, '/organization/demo/dashboard/-demo')).toBe('demo');
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
