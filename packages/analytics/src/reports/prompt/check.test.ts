import { ReportStateError, type ReportState } from '@maya/contracts';
import { describe, expect, it } from 'vitest';
import { MARKETING_SEMANTIC_MODEL } from '../builtin-models';
import { MAYA_REPORT } from '../builtin-reports';
import { checkGeneratedState } from './check';

const valid: ReportState = {
  version: 1,
  page: 'campaigns',
  filters: [
    {
      id: 'date',
      table: 'performance',
      column: 'date',
      kind: 'relative_date',
      operator: 'in_the_last',
      count: 1,
      unit: 'month',
    },
    {
      id: 'channel',
      table: 'performance',
      column: 'channel',
      kind: 'list',
      mode: 'include',
      values: ['Google Ads'],
    },
  ],
  slicers: [
    {
      visual_id: 'campaign-type',
      filter: {
        id: 'campaign-type',
        table: 'performance',
        column: 'campaign_type',
        kind: 'list',
        mode: 'include',
        values: ['SEARCH'],
      },
    },
  ],
  sort: [{ visual_id: 'ad-groups', sort: [{ field: 'spend', direction: 'desc' }] }],
};

const check = (state: unknown) => checkGeneratedState(MAYA_REPORT, MARKETING_SEMANTIC_MODEL, state);

function rejects(state: unknown, message: RegExp) {
  expect(() => check(state)).toThrow(ReportStateError);
  expect(() => check(state)).toThrow(message);
}

describe('a generated state is checked as the report would show it', () => {
  it('accepts a state the report can show, parsed', () => {
    expect(check(valid)).toEqual(valid);
  });

  it('refuses what the contract refuses', () => {
    rejects({ ...valid, page: '' }, /invalid report state: page: invalid id/);
    rejects({ ...valid, version: 2 }, /invalid report state: version/);
    rejects('spend by campaign', /invalid report state/);
    rejects({ ...valid, filters: [{ ...valid.filters[0], count: null }] }, /filters.0.count: enter a count/);
  });

  it('refuses pages, filters, slicers and visuals the report does not have', () => {
    rejects({ ...valid, page: 'nowhere' }, /the report has no page nowhere/);
    rejects(
      { ...valid, filters: [{ ...valid.filters[1], id: 'campaign', column: 'campaign' }] },
      /filter campaign is not a filter of the report/,
    );
    rejects(
      { ...valid, filters: [{ ...valid.filters[1], column: 'campaign' }] },
      /filter channel is not a filter of the report on performance.campaign/,
    );
    rejects(
      { ...valid, slicers: [{ ...valid.slicers[0], visual_id: 'ad-groups' }] },
      /ad-groups is not a slicer/,
    );
    rejects({ ...valid, sort: [{ visual_id: 'nothing', sort: [] }] }, /the report has no visual nothing/);
  });

  it('refuses filters the model cannot compile', () => {
    rejects(
      {
        ...valid,
        filters: [
          {
            id: 'date',
            table: 'performance',
            column: 'date',
            kind: 'advanced_text',
            operator: 'contains',
            value: 'x',
          },
        ],
      },
      /needs a string dimension; date is a date/,
    );
    rejects(
      {
        ...valid,
        filters: [
          {
            id: 'date',
            table: 'performance',
            column: 'date',
            kind: 'list',
            mode: 'include',
            values: ['yesterday'],
          },
        ],
      },
      /"yesterday" is not a value of the date dimension date/,
    );
  });

  it('refuses sorts on fields the visual does not show, and on slicers', () => {
    rejects(
      { ...valid, sort: [{ visual_id: 'ad-groups', sort: [{ field: 'channel', direction: 'asc' }] }] },
      /visual ad-groups shows no field channel/,
    );
    rejects(
      {
        ...valid,
        sort: [{ visual_id: 'campaign-type', sort: [{ field: 'campaign_type', direction: 'asc' }] }],
      },
      /campaign-type is a slicer/,
    );
  });
});
