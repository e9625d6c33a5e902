import type { Visual } from '@maya/contracts';
import { describe, expect, it } from 'vitest';
import { axisChartOption, pieChartOption, type AxisChartVisual, type PieChartVisual } from './chartOption';
import { answerFixture } from '../../testFixtures';
import { chartTable } from './chartTable';

const layout: Visual['layout'] = { x: 0, y: 0, w: 12, h: 4 };

describe("a chart's table (its text alternative)", () => {
  it('has a row per category in the order drawn and a column per series, valued as the tooltip says', () => {
    const visual: AxisChartVisual = {
      id: 'l',
      kind: 'line',
      title: null,
      table: 'performance',
      layout,
      axis: { name: 'date', grain: 'day' },
      legend: null,
      measures: ['spend', 'clicks'],
    };
    const option = axisChartOption(
      visual,
      answerFixture(
        ['date', 'spend', 'clicks'],
        [
          { date: '2026-11-02', spend: 2000, clicks: 1234 },
          { date: '2026-11-01', spend: 1050, clicks: null },
        ],
      ),
      'EUR',
    );

    expect(chartTable(option, 'Date')).toEqual({
      header: ['Date', 'Spend', 'Clicks'],
      rows: [
        ['01/11/2026', '€1,050.00', '–'],
        ['02/11/2026', '€2,000.00', '1,234'],
      ],
    });
  });

  it('has a column per legend value for a chart split by a legend, and reads horizontal bars too', () => {
    const visual: AxisChartVisual = {
      id: 'b',
      kind: 'stacked_bar',
      title: null,
      table: 'performance',
      layout,
      axis: { name: 'date', grain: 'day' },
      legend: { name: 'channel', grain: null },
      measures: ['clicks'],
      sort: [],
      limit: null,
    };
    const option = axisChartOption(
      visual,
      answerFixture(
        ['date', 'channel', 'clicks'],
        [
          { date: '2026-11-01', channel: 'Search', clicks: 10 },
          { date: '2026-11-01', channel: 'Social', clicks: 30 },
          { date: '2026-11-02', channel: 'Social', clicks: 5 },
        ],
      ),
      'EUR',
    );

    const table = chartTable(option, 'Date');
    expect(table.header).toEqual(['Date', 'Social', 'Search']);
    expect(table.rows).toEqual([
      ['01/11/2026', '30', '10'],
      ['02/11/2026', '5', '–'],
    ]);
  });

  it('has a row per slice of a pie, with the measure as its column', () => {
    const visual: PieChartVisual = {
      id: 'p',
      kind: 'donut',
      title: null,
      table: 'performance',
      layout,
      legend: { name: 'channel', grain: null },
      measure: 'spend',
      limit: null,
    };
    const option = pieChartOption(
      visual,
      answerFixture(
        ['channel', 'spend'],
        [
          { channel: 'Search', spend: 1200.5 },
          { channel: 'Social', spend: 300 },
        ],
      ),
      'USD',
    );

    expect(chartTable(option, 'Channel')).toEqual({
      header: ['Channel', 'Spend'],
      rows: [
        ['Search', '$1,200.50'],
        ['Social', '$300.00'],
      ],
    });
  });
});
