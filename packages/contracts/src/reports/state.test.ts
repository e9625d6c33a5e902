import { describe, expect, it } from 'vitest';
import { reportLimits } from './common';
import { ReportStateError, decodeReportState, encodeReportState, type ReportState } from './state';

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
