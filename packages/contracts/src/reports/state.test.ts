import { describe, expect, it } from 'vitest';
import { reportLimits } from './common';
import { ReportStateError, decodeReportState, encodeReportState, type ReportState } from './state';
import type { AdHocVisual } from './document';

describe('report state', () => {
  const state: ReportState = {
    version: 1,
    page: 'p1',
    filters: [
      {
        id: 'f',
        kind: 'list',
        table: 'performance',
        column: 'channel',
        mode: 'include',
        values: ['Ünïcode ✓'],
      },
    ],
    slicers: [],
    sort: [{ visual_id: 'k', sort: [{ field: 'spend', direction: 'desc' }] }],
  };

  it('round-trips through base64url', () => {
    const encoded = encodeReportState(state);
    expect(encoded).toMatch(/^[A-Za-z0-9_-]+$/);
    expect(decodeReportState(encoded)).toEqual(state);
  });

  it('is validated on decode', () => {
    const encode = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
    const fails = (encoded: string, message: RegExp) => {
      expect(() => decodeReportState(encoded)).toThrow(ReportStateError);
      expect(() => decodeReportState(encoded)).toThrow(message);
    };
    fails('not base64!', /base64url/);
    fails(Buffer.from('{"version":1').toString('base64url'), /not encoded JSON/);
    fails(encode({ ...state, version: 2 }), /unsupported report state version 2/);
    fails(encode([1, 2]), /unsupported report state version null/);
    fails(encode({ ...state, page: '' }), /invalid report state/);
    fails(encode({ ...state, filters: [state.filters[0], state.filters[0]] }), /f is given twice/);
    fails('A'.repeat(reportLimits.maxEncodedStateLength + 1), /accepted length/);
    expect(() => encodeReportState({ ...state, page: 'bad page' })).toThrow(ReportStateError);
  });
});

describe('the ad-hoc visual in the state (decision 250)', () => {
  const base: ReportState = { version: 1, page: 'overview', filters: [], slicers: [], sort: [] };
  const visual: AdHocVisual = {
    id: 'adhoc',
    kind: 'table',
    title: 'CTR by channel',
    table: 'performance',
    layout: { x: 0, y: 0, w: 12, h: 6 },
    dimensions: [{ name: 'channel', grain: null }],
    measures: ['ctr'],
    sort: [{ field: 'ctr', direction: 'desc' }],
    limit: 100,
    totals: true,
  };
  const encode = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');

  it('is optional: a state saved before it decodes as it was, and one with it round-trips', () => {
    expect(decodeReportState(encode(base))).toEqual(base);
    expect(decodeReportState(encode(base))).not.toHaveProperty('adhoc');
    const withAdHoc: ReportState = { ...base, adhoc: { page: 'overview', visual } };
    expect(decodeReportState(encodeReportState(withAdHoc))).toEqual(withAdHoc);
  });

  it('is a report visual of any kind but a slicer, within the limits of a page’s visual', () => {
    const fails = (adhoc: unknown) =>
      expect(() => decodeReportState(encode({ ...base, adhoc }))).toThrow(ReportStateError);
    fails({ page: 'overview', visual: { ...visual, kind: 'slicer', dimension: 'channel' } });
    fails({ page: 'overview', visual: { ...visual, limit: reportLimits.maxTableRows + 1 } });
    fails({ page: 'overview', visual: { ...visual, table: 'perf; drop table x' } });
    fails({ page: 'overview', visual: { ...visual, dimensions: [], measures: [] } });
    fails({ page: 'bad page', visual });
    fails({ visual });
  });
});
