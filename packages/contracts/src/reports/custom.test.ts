import { describe, expect, it } from 'vitest';
import {
  CreateCustomReportRequestSchema,
  isReservedReportSlug,
  reportNameIssue,
  reportNameMessages,
  reportSlugOf,
} from './custom';
import { ReportSlugSchema } from './common';

describe('report slug of a name (spec 002 §5)', () => {
  it('lowercases, removes non-word characters and collapses spaces and dashes to one dash', () => {
    expect(reportSlugOf('Paid Search')).toBe('paid-search');
    expect(reportSlugOf('  Q3 -- Results!  ')).toBe('q3-results');
    expect(reportSlugOf('Spend & ROAS (EU)')).toBe('spend-roas-eu');
    expect(reportSlugOf('snake_case name')).toBe('snake-case-name');
    expect(reportSlugOf('Café')).toBe('caf');
    expect(reportSlugOf('!-maya')).toBe('-maya');
    expect(reportSlugOf('???')).toBe('');
  });

  it('gives a slug the API accepts whenever it is not reserved', () => {
    for (const name of ['Paid Search', 'a', '2024 plan', 'x - y _ z', 'Ünïcode rëport 7']) {
      const slug = reportSlugOf(name);
      expect(isReservedReportSlug(slug)).toBe(false);
      expect(ReportSlugSchema.safeParse(slug).success, slug).toBe(true);
    }
  });

  it('reserves the built-ins, dash slugs, the API words and the empty slug', () => {
    for (const slug of ['-maya', '-seo-v1', '-demo', '-other', 'filter-values', '']) {
      expect(isReservedReportSlug(slug), slug).toBe(true);
    }
    expect(isReservedReportSlug('maya')).toBe(false);
  });
});

describe('report name rule', () => {
  const existing = ['-maya', '-seo-v1', 'paid-search'];

  it("answers the spec's messages verbatim", () => {
    expect(reportNameIssue('', existing)).toBe('Required');
    expect(reportNameIssue('   ', existing)).toBe('Required');
    expect(reportNameIssue('-mine', existing)).toBe('Report name cannot start with dash (-)');
    expect(reportNameIssue(' -mine', existing)).toBe(reportNameMessages.startsWithDash);
    expect(reportNameIssue('Paid  search', existing)).toBe('Duplicate or reserved name');
    expect(reportNameIssue('!-maya', existing)).toBe('Duplicate or reserved name');
    expect(reportNameIssue('Filter values', existing)).toBe('Duplicate or reserved name');
    expect(reportNameIssue('%%%', existing)).toBe('Duplicate or reserved name');
    expect(reportNameIssue('Paid search EU', existing)).toBeNull();
    expect(reportNameIssue('x'.repeat(101), existing)).toBe('At most 100 characters');
  });

  it('refuses the displayed name of a built-in report, however it is spelled, and names it', () => {
    const builtIns = ['Marketing Performance', 'SEO'];
    expect(reportNameIssue('SEO', existing, builtIns)).toBe(
      'Duplicate or reserved name: a built-in report is called SEO',
    );
    expect(reportNameIssue('  marketing   performance! ', existing, builtIns)).toBe(
      reportNameMessages.builtInName('Marketing Performance'),
    );
    expect(reportNameIssue('SEO EU', existing, builtIns)).toBeNull();
    expect(reportNameIssue('SEO', existing)).toBeNull();
  });

  it('validates the request with the same messages', () => {
    const base = {
      organization_id: '0b3c5a1e-6a59-4b61-9b0c-1d2e3f4a5b6c',
      source_slug: '-maya',
      state: null,
    };
    const issue = (body: object) => {
      const parsed = CreateCustomReportRequestSchema.safeParse(body);
      return parsed.success ? null : parsed.error.issues.map((i) => [i.path.join('.'), i.message]);
    };
    expect(issue(base)).toEqual([['name', 'Required']]);
    expect(issue({ ...base, name: '' })).toEqual([['name', 'Required']]);
    expect(issue({ ...base, name: '-x' })).toEqual([['name', 'Report name cannot start with dash (-)']]);
    expect(CreateCustomReportRequestSchema.parse({ ...base, name: ' Mine ' }).name).toBe('Mine');
  });
});
