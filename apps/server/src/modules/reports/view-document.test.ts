import type { AdHocVisual, ReportFilter, ReportState } from '@maya/contracts';
import { MAYA_REPORT } from '@maya/analytics';
import { describe, expect, it } from 'vitest';
import { documentFromView, embeddedDocument } from './view-document';

const saved = { id: 'c7a1', slug: 'paid-eu', name: 'Paid EU' };

describe('the document of a view saved as', () => {
  it('is the source as it is without a state', () => {
    expect(documentFromView(MAYA_REPORT, null, saved)).toEqual({ ...MAYA_REPORT, ...saved });
  });

  it("takes the state's filters, page and sort", () => {
    const channel: ReportFilter = {
      id: 'channel',
      kind: 'list',
      table: 'performance',
      column: 'channel',
      mode: 'include',
      values: ['Search'],
    };
    const state: ReportState = {
      version: 1,
      page: 'campaigns',
      filters: [channel],
      slicers: [],
      sort: [{ visual_id: 'campaigns', sort: [{ field: 'clicks', direction: 'asc' }] }],
    };
    const document = documentFromView(MAYA_REPORT, state, saved);
    expect(document.filters.find((f) => f.id === 'channel')).toEqual(channel);
    expect(document.filters.find((f) => f.id === 'date')).toEqual(
      MAYA_REPORT.filters.find((f) => f.id === 'date'),
    );
    expect(document.pages.map((p) => p.name)).toEqual(['campaigns', 'overview', 'channels']);
    const table = document.pages.flatMap((p) => p.visuals).find((v) => v.id === 'campaigns');
    expect(table).toMatchObject({ sort: [{ field: 'clicks', direction: 'asc' }] });
    // The source is not changed.
    expect(MAYA_REPORT.pages[0]?.name).toBe('overview');
  });

  it("puts the state's ad-hoc visual on top of its page, the others below it, with its sort", () => {
    const visual: AdHocVisual = {
      id: 'adhoc',
      kind: 'bar',
      title: 'CTR by channel',
      table: 'performance',
      layout: { x: 0, y: 0, w: 12, h: 5 },
      axis: { name: 'channel', grain: null },
      legend: null,
      measures: ['ctr'],
      sort: [{ field: 'ctr', direction: 'desc' }],
      limit: null,
    };
    const state: ReportState = {
      version: 1,
      page: 'channels',
      filters: [],
      slicers: [],
      sort: [{ visual_id: 'adhoc', sort: [{ field: 'ctr', direction: 'asc' }] }],
      adhoc: { page: 'channels', visual },
    };
    const document = documentFromView(MAYA_REPORT, state, saved);
    const channels = document.pages.find((p) => p.name === 'channels')!;
    const source = MAYA_REPORT.pages.find((p) => p.name === 'channels')!;
    expect(channels.visuals[0]).toEqual({ ...visual, sort: [{ field: 'ctr', direction: 'asc' }] });
    expect(channels.visuals.slice(1).map((v) => v.layout.y)).toEqual(
      source.visuals.map((v) => v.layout.y + 5),
    );
    expect(document.pages.filter((p) => p.name !== 'channels').flatMap((p) => p.visuals)).not.toContainEqual(
      expect.objectContaining({ id: 'adhoc' }),
    );
  });
});

describe('the embedded document', () => {
  it('leaves out the pages of visibility 1', () => {
    const [first, ...rest] = MAYA_REPORT.pages;
    const hidden = { ...MAYA_REPORT, pages: [{ ...first!, visibility: 1 as const }, ...rest] };
    expect(embeddedDocument(hidden).pages.map((p) => p.name)).toEqual(rest.map((p) => p.name));
    expect(embeddedDocument(MAYA_REPORT)).toEqual(MAYA_REPORT);
  });
});
